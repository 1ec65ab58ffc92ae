import { describe, expect, it } from 'vitest';

import { filtersFrom, filtersSearch, highlightParts, listQuery, progressText, toggleAll } from './recordings-logic.ts';

describe('the filters in the address', () => {
  it('default to 30 days, page 1; unknown values fall back', () => {
    expect(filtersFrom(new URLSearchParams('range=90d&duration=long&page=-2'))).toMatchObject({
      range: '30d',
      duration: '',
      page: 1,
    });
    expect(filtersSearch(filtersFrom(new URLSearchParams())).toString()).toBe('');
  });
  it('round trip, the custom dates only with a custom range', () => {
    const filters = filtersFrom(
      new URLSearchParams('range=custom&start_date=2025-01-02&end_date=2025-01-05&keyword=boiler&page=2'),
    );
    expect(filtersSearch(filters).toString()).toBe(
      'range=custom&start_date=2025-01-02&end_date=2025-01-05&keyword=boiler&page=2',
    );
    expect(filtersSearch({ ...filters, range: '7d' }).toString()).toBe('range=7d&keyword=boiler&page=2');
    expect(listQuery({ ...filters, range: '7d', page: 1 }, true)).toEqual({
      range: '7d',
      keyword: 'boiler',
      deleted: 'true',
    });
  });
});

describe('select all', () => {
  it('selects every one, and clears them all when all are selected', () => {
    expect([...toggleAll(new Set(['a']), ['a', 'b'])]).toEqual(['a', 'b']);
    expect([...toggleAll(new Set(['a', 'b']), ['a', 'b'])]).toEqual([]);
    expect([...toggleAll(new Set(), [])]).toEqual([]);
  });
});

describe('highlightParts', () => {
  it('marks each match of the keyword, any case', () => {
    expect(highlightParts('Boiler leak, boiler off', 'boiler')).toEqual([
      { text: 'Boiler', match: true },
      { text: ' leak, ', match: false },
      { text: 'boiler', match: true },
      { text: ' off', match: false },
    ]);
    expect(highlightParts('no match', 'x')).toEqual([{ text: 'no match', match: false }]);
    expect(highlightParts('text', '  ')).toEqual([{ text: 'text', match: false }]);
  });
});

describe('formatting', () => {
  it('shows progress with or without a known size', () => {
    expect(progressText(512 * 1024, 1024 * 1024)).toBe('50% (0.5 MB of 1.0 MB)');
    expect(progressText(2 * 1024 * 1024, null)).toBe('2.0 MB received');
  });
});
