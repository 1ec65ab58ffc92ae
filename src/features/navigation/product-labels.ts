import type { ProductKind } from '@portal/contract';

import { brand } from '../../config/brand.ts';

/** Kind labels of the side navigation (spec 000, section 2). */
export const productKindLabels: Record<ProductKind, string> = {
  voip1: 'VoIP',
  voip2: `${brand.productName} phone`,
  fibre: 'Fibre',
  broadband: 'Broadband',
  phoneline: 'Phone line',
  web: 'Website',
};

/** A product status as shown: the server's lower-cased status with a capital first letter. */
export function statusLabel(status: string): string {
  const text = status.trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown';
}
