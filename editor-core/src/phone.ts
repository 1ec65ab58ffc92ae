/** Phone number and extension patterns. */

/** UK phone numbers (spec 001 section 5): 1, 2 or 7 then nine further digits, after 0044, +44, 44 or 0. */
export const UK_PHONE_PATTERN = /^(?:0044|\+44|44|0)[127]\d{9}$/;
/** Our choice: an internal extension is 3 to 6 digits (the spec's are 200 and 300). */
export const EXTENSION_PATTERN = /^\d{3,6}$/;

/** Whether a value is a UK phone number by the spec's pattern; spaces are ignored, e.g. "020 7946 0000". */
export function isUkPhoneNumber(value: string): boolean {
  return UK_PHONE_PATTERN.test(value.replace(/\s+/g, ''));
}

/** Whether a value is an internal extension number, e.g. "200". */
export function isExtension(value: string): boolean {
  return EXTENSION_PATTERN.test(value);
}
