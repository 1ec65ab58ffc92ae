// zod/mini: the shell's contracts use it, and the rule is tiny.
import * as z from 'zod/mini';

/**
 * Ids in paths and queries are plain decimal integers: digits only, no sign, no leading zero,
 * no spaces, no hex (`0x1`) or exponent (`1e0`), at most PostgreSQL's integer range. Anything
 * else is refused, not read as the number it might spell.
 */
export const MAX_ID = 2_147_483_647;
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/** Whether `text` is an id as the API accepts one. @example isDecimalId('12') // true; isDecimalId('0x1') // false */
export const isDecimalId = (text: string): boolean => DECIMAL_ID.test(text) && Number(text) <= MAX_ID;

/** An id from a path or query, checked and kept as text; `message` is the answer to anything else. */
export const idText = (message: string) => z.string().check(z.refine(isDecimalId, message));

/** An id from a path or query, checked and answered as a number. */
export const idNumber = (message: string) => z.pipe(idText(message), z.transform(Number));
