/** A product id from the route (`/phone-setup/:id`, `/call-flows/:id`, ...): a positive whole number, or null. */
export function parseProductId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,11}$/.test(value)) return null;
  return Number(value);
}
