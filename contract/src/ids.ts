// zod/mini: the shell's contracts use it, and the rule is tiny.
import * as z from 'zod/mini';

/**
 * Ids in paths and queries are plain decimal integers: digits only, no sign, no leading zero,
 * no spaces, no hex (`0x1`), exponent (`1e0`) or fraction. Anything else is refused (400 with
 * the endpoint's message), not read as the number it might spell. A well-formed id beyond
 * PostgreSQL's integer range (MAX_ID) names no row: the server answers 404 for it, as for any
 * id that is not the customer's.
 */
export const MAX_ID = 2_147_483_647;
// Twenty digits is far past MAX_ID; longer is junk, not an id.
const DECIMAL_ID = /^[1-9][0-9]{0,19}$/;

/** Whether `text` is spelled as an id. @example isDecimalId('12') // true; isDecimalId('0x1') // false */
export const isDecimalId = (text: string): boolean => DECIMAL_ID.test(text);

/** An id from a path or query, checked and kept as text; `message` is the answer to anything else. */
export const idText = (message: string) => z.string().check(z.refine(isDecimalId, message));

/** An id from a path or query, checked and answered as a number. */
export const idNumber = (message: string) => z.pipe(idText(message), z.transform(Number));
