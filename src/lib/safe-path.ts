/**
 * The remembered-path rule (spec 000, route rules): a path to return to after sign-in
 * must be site-relative. It starts with exactly one slash, its path holds only letters,
 * digits and / @ - % _ ~ (no dots, no backslashes, no colon), and it may end in a
 * ?query and a #hash without whitespace. Anything else could leave the site
 * (`//evil.example`, `/\evil.example`, `javascript:`) and is refused.
 */
const SAFE_PATH = /^\/(?!\/)[A-Za-z0-9/@\-%_~]*(\?[^#\s]*)?(#\S*)?$/;

export function isSafePath(path: string | null | undefined): path is string {
  return typeof path === 'string' && SAFE_PATH.test(path);
}

/** The path when it passes the rule, else the fallback. */
export function safePathOr(path: string | null | undefined, fallback: string): string {
  return isSafePath(path) ? path : fallback;
}
