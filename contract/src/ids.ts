// zod/mini: the shell's contracts use it, and the rule is tiny.
import * as z from 'zod/mini';

import { errorMessages } from './errors.ts';

/**
 * Ids in paths and queries are plain decimal integers: digits only, no sign, no leading zero,
 * no spaces, no hex (`0x1`), exponent (`1e0`) or fraction. Anything else is refused (400 with
 * the endpoint's message), not read as the number it might spell. A well-formed id beyond
 * PostgreSQL's integer range (MAX_ID) names no row: in a path the server answers 404 for it, as
 * for any id that is not the customer's; in a query or a body it is the endpoint's 400.
 */
export const MAX_ID = 2_147_483_647;
// Twenty digits is far past MAX_ID; longer is junk, not an id.
const DECIMAL_ID = /^[1-9][0-9]{0,19}$/;
const MAX_ID_TEXT = String(MAX_ID);

/** Whether `text` is spelled as an id. @example isDecimalId('12') // true; isDecimalId('0x1') // false */
export const isDecimalId = (text: string): boolean => DECIMAL_ID.test(text);

/** Whether an id spelled as one can name a row (at most MAX_ID), compared as text so that no digit is lost. */
const withinIdRange = (text: string) =>
  text.length < MAX_ID_TEXT.length || (text.length === MAX_ID_TEXT.length && text <= MAX_ID_TEXT);

/**
 * Marks the problem of a well-formed id beyond MAX_ID: the problem's `params[NO_SUCH_ROW]` is the
 * answer for a row that is not there. The server answers a path whose only fault is such an id
 * 404 with it, as the endpoint answers any missing row.
 */
export const NO_SUCH_ROW = 'no_such_row';

/**
 * An id from a path or query, checked and kept as text. `message` answers what is not spelled as an
 * id (400); `missing` is the endpoint's answer for a row that is not there, given (404 in a path) for
 * an id beyond MAX_ID.
 */
export const idText = (message: string, missing: string = errorMessages.notFound) =>
  z
    .string()
    .check(
      z.refine(isDecimalId, { error: message, abort: true }),
      z.refine(withinIdRange, { error: message, params: { [NO_SUCH_ROW]: missing } }),
    );

/** An id from a path or query, checked and answered as a number. */
export const idNumber = (message: string, missing?: string) => z.pipe(idText(message, missing), z.transform(Number));

/** An id in a JSON body: a whole number from 1 to MAX_ID, else `message`. */
export const idInteger = (message: string) =>
  z.int({ error: message }).check(z.minimum(1, message), z.maximum(MAX_ID, message));
