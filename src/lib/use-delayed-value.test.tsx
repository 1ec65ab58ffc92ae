import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FETCH_DELAY_MS, useDelayedValue } from './use-delayed-value.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDelayedValue (the fetch delay)', () => {
  it('waits 200 ms by default after the last change, each change starting the wait again', () => {
    expect(FETCH_DELAY_MS).toBe(200);
    const { result, rerender } = renderHook(({ value }) => useDelayedValue(value), { initialProps: { value: 'L' } });
    rerender({ value: 'LS' });
    act(() => vi.advanceTimersByTime(150));
    rerender({ value: 'LS1' });
    act(() => vi.advanceTimersByTime(150));
    // 300 ms since the first change, but only 150 since the last: still the value held before.
    expect(result.current).toBe('L');
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe('LS1');
  });

  it('waits the delay it is given (the address search: 400 ms)', () => {
    const { result, rerender } = renderHook(({ value }) => useDelayedValue(value, 400), {
      initialProps: { value: '' },
    });
    rerender({ value: 'LS11 5PZ' });
    act(() => vi.advanceTimersByTime(399));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('LS11 5PZ');
  });
});
