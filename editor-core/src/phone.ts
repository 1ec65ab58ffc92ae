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

/** Characters people put between digits; never part of the number. */
const PHONE_SEPARATORS = /[\s().-]/g;

/**
 * A UK phone number (spec 001 section 5's pattern: 1, 2 or 7 and nine further digits after
 * 0044, +44, 44 or 0) in its national form, or null when it is not one. Normalisation as the
 * spec has it: an 11-digit number starting with 0 is kept, one starting with 7 gets a leading
 * 0, a leading + goes; and (our addition) an international prefix becomes the 0 it stands for.
 * @example normaliseUkPhone('+44 (0)20 7946 0000') // null: "(0)" is not part of the number
 * @example normaliseUkPhone('+44 20 7946 0000') // '02079460000'
 * @example normaliseUkPhone('7700 900982') // '07700900982'
 */
export function normaliseUkPhone(value: string): string | null {
  let number = value.replace(PHONE_SEPARATORS, '');
  if (/^7\d{9}$/.test(number)) number = `0${number}`;
  if (!UK_PHONE_PATTERN.test(number)) return null;
  return number.replace(/^(?:0044|\+44|44)/, '0');
}
