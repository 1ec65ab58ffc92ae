import { describe, expect, it } from 'vitest';

import { phoneSetupTab } from './tabs.ts';

describe('phoneSetupTab', () => {
  it('reads a known tab, and an unknown or missing one as the holiday schedule', () => {
    expect(phoneSetupTab('hold-music')).toBe('hold-music');
    expect(phoneSetupTab('holiday-schedule')).toBe('holiday-schedule');
    expect(phoneSetupTab('nonsense')).toBe('holiday-schedule');
    expect(phoneSetupTab(null)).toBe('holiday-schedule');
  });
});
