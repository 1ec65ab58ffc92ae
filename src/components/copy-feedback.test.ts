import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { COPIED_LABEL, COPY_LABEL, createCopyFeedback, type CopyFeedbackState } from './copy-feedback.ts';

describe('the copy tooltip timing (spec 001 section 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("says 'Copied!' for 6000 ms, then closes, and says 'Copy' again after 6250 ms", () => {
    const states: CopyFeedbackState[] = [];
    const feedback = createCopyFeedback((state) => states.push(state));
    feedback.copied();
    expect(states.at(-1)).toEqual({ label: COPIED_LABEL, held: true });
    vi.advanceTimersByTime(5999);
    expect(states.at(-1)).toEqual({ label: COPIED_LABEL, held: true });
    vi.advanceTimersByTime(1);
    expect(states.at(-1)).toEqual({ label: COPIED_LABEL, held: false });
    vi.advanceTimersByTime(249);
    expect(states.at(-1)!.label).toBe(COPIED_LABEL);
    vi.advanceTimersByTime(1);
    expect(states.at(-1)).toEqual({ label: COPY_LABEL, held: false });
  });

  it('starts again on a second copy, and stops when disposed', () => {
    const states: CopyFeedbackState[] = [];
    const feedback = createCopyFeedback((state) => states.push(state));
    feedback.copied();
    vi.advanceTimersByTime(5000);
    feedback.copied();
    vi.advanceTimersByTime(5000);
    expect(states.at(-1)).toEqual({ label: COPIED_LABEL, held: true });
    feedback.dispose();
    vi.advanceTimersByTime(10_000);
    expect(states.at(-1)).toEqual({ label: COPIED_LABEL, held: true });
  });
});
