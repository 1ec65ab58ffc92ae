/**
 * The copy tooltip's timing (spec 001 section 9, spec 000 "Other screens"): after a copy the tooltip
 * says 'Copied!' and stays open for 6000 ms, then closes; its text goes back to 'Copy' after
 * 6250 ms, once it has faded, so the change is never seen. React-free, so it is tested with fake timers.
 */

export const COPY_LABEL = 'Copy';
export const COPIED_LABEL = 'Copied!';
export const COPIED_SHOWN_MS = 6000;
export const COPY_LABEL_BACK_MS = 6250;

export interface CopyFeedbackState {
  label: typeof COPY_LABEL | typeof COPIED_LABEL;
  /** Whether the tooltip is held open by a copy (hover and focus open it too). */
  held: boolean;
}

export function createCopyFeedback(onChange: (state: CopyFeedbackState) => void) {
  let timers: Array<ReturnType<typeof setTimeout>> = [];
  const clear = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
  };
  return {
    /** A copy succeeded: 'Copied!' now, closed at 6000 ms, 'Copy' at 6250 ms (a second copy starts again). */
    copied(): void {
      clear();
      onChange({ label: COPIED_LABEL, held: true });
      timers.push(setTimeout(() => onChange({ label: COPIED_LABEL, held: false }), COPIED_SHOWN_MS));
      timers.push(setTimeout(() => onChange({ label: COPY_LABEL, held: false }), COPY_LABEL_BACK_MS));
    },
    dispose: clear,
  };
}
