import { describe, expect, it } from 'vitest';

import { isSafePath, safePathOr } from './safe-path.ts';

describe('isSafePath', () => {
  it.each([
    '/',
    '/my-orders',
    '/call-flows/12',
    '/call-flows/12?tab=active-call-flow#x',
    '/call-flows/custom/',
    '/user/jo@example_~%20x',
    '/billing?id=4',
    '/shop#top',
  ])('accepts the site-relative path %s', (path) => {
    expect(isSafePath(path)).toBe(true);
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/call-flows'],
    ['protocol-relative host without dots', '//evil'],
    ['protocol-relative host with path', '//intranet/call-flows'],
    ['absolute URL', 'https://evil.example'],
    ['backslash trick', '/\\evil.example'],
    ['script URL', 'javascript:alert(1)'],
    ['relative path', 'call-flows/12'],
    ['empty', ''],
    ['dot in the path', '/evil.example'],
    ['dot segments', '/../admin'],
    ['colon in the path', '/a:b'],
    ['space in the path', '/a b'],
    ['whitespace in the query', '/a?x=1 2'],
    ['newline in the hash', '/a#x\ny'],
    ['leading whitespace', ' /a'],
  ])('refuses %s (%s)', (_label, path) => {
    expect(isSafePath(path)).toBe(false);
  });

  it('refuses null and undefined', () => {
    expect(isSafePath(null)).toBe(false);
    expect(isSafePath(undefined)).toBe(false);
  });
});

describe('safePathOr', () => {
  it('keeps a safe path and replaces an unsafe one', () => {
    expect(safePathOr('/call-flows/12?tab=x#y', '/')).toBe('/call-flows/12?tab=x#y');
    expect(safePathOr('//evil.example', '/')).toBe('/');
    expect(safePathOr(null, '/home')).toBe('/home');
  });
});
