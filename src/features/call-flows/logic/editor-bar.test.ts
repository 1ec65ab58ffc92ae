import { describe, expect, it } from 'vitest';

import { cancelLabel, truncateName } from './editor-bar.ts';

describe('editor bar', () => {
  it('truncates the name at 20 characters', () => {
    expect(truncateName('Custom call flow 1')).toBe('Custom call flow 1');
    expect(truncateName('12345678901234567890')).toBe('12345678901234567890');
    expect(truncateName('123456789012345678901')).toBe('12345678901234567890…');
    expect(truncateName('Custom call flow 12 for sales')).toBe('Custom call flow 12 …');
    expect(truncateName('📞'.repeat(25))).toBe(`${'📞'.repeat(20)}…`);
  });

  it('reads Cancel with changes and Back without', () => {
    expect(cancelLabel(true)).toBe('Cancel');
    expect(cancelLabel(false)).toBe('Back');
  });
});
