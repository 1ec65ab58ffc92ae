import type { NavigationProduct } from '@portal/contract';

/**
 * Whether the default layout opens the emergency-address dialog for the selected product
 * (spec 000 section 4): a Buy Now product without an installation address. Kept apart from
 * the dialog, which loads only when this says so.
 */
export function needsEmergencyAddress(product: NavigationProduct | undefined): product is NavigationProduct {
  return product !== undefined && product.channel === 'Buy Now' && !product.has_installation_address;
}
