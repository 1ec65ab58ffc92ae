/**
 * Names the spec leaves as placeholders. `{product} phone` is the cloud business phone's
 * label in the navigation, and `/{product}-phone-details/{id}` its details route.
 */
export const brand = {
  portalName: 'Customer Portal',
  /** The `{product}` of "{product} phone". */
  productName: 'Cloud',
  /** The `{product}` in the `/{product}-phone-details/{id}` route. */
  productSlug: 'cloud',
  /** Local part of the support address in the reworded error text (spec section 8). */
  supportMailbox: 'customerservice',
} as const;

/** The `document.title` of a page: "{page} | Customer Portal", or the portal name alone. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${brand.portalName}` : brand.portalName;
}
