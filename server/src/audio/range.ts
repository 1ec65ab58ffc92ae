/** One byte range of a file, inclusive, as a Range header asked for it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header against a file of `size` bytes (RFC 9110 section 14): a range, or
 * 'unsatisfiable' (answer 416), or null to send the whole file: no header, another unit,
 * a malformed value, or several ranges (which a server may answer whole).
 * @example parseRange('bytes=0-99', 1000) // { start: 0, end: 99 }
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  // Digit strings too long to be exact numbers are read as "very large", which is what they are.
  const toNumber = (digits: string) => (digits.length > 15 ? Number.MAX_SAFE_INTEGER : Number(digits));
  if (first === '') {
    const suffix = toNumber(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = toNumber(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : toNumber(last);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
