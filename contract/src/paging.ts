// zod/mini: the lists that page load their contracts on demand.
import * as z from 'zod/mini';

import { displayCount } from '@portal/editor-core';

/**
 * The paging query of every paged list: `page` and `page_size`, whole numbers written in digits
 * (no sign, no leading zero, no exponent, fraction or hex: `page=1e3` is refused, not read as page
 * 1000). A page past the list's end is an empty page; one past MAX_PAGE is refused.
 */
export const MAX_PAGE = 100_000;

export const pagingMessages = {
  page: `Enter a page number: a whole number from 1 to ${displayCount(MAX_PAGE)}, in digits.`,
  pageSize: (max: number) => `Enter a page size: a whole number from 1 to ${max}, in digits.`,
} as const;

const WHOLE_NUMBER = /^[1-9][0-9]{0,8}$/;

/**
 * A whole number from 1 to `max` written in digits, answered as a number; `message` otherwise. A query
 * arrives as text; the client, which writes the number into its query, may hand one over as a number.
 */
const digitsUpTo = (max: number, message: string) =>
  z.union(
    [
      z.int({ error: message }).check(z.minimum(1, message), z.maximum(max, message)),
      z.pipe(
        z.string({ error: message }).check(
          z.regex(WHOLE_NUMBER, { error: message, abort: true }),
          z.refine((text) => Number(text) <= max, message),
        ),
        z.transform(Number),
      ),
    ],
    { error: message },
  );

/** The `page` of a paged list (1 when left out); `message` answers anything else. */
export const pageNumber = (message: string = pagingMessages.page) => z.optional(digitsUpTo(MAX_PAGE, message));

/** The `page_size` of a paged list, at most `max`; `message` answers anything else. */
export const pageSize = (max: number, message: string = pagingMessages.pageSize(max)) =>
  z.optional(digitsUpTo(max, message));
