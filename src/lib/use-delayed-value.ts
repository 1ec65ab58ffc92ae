import { useEffect, useState } from 'react';

/** How long typing must pause before what was typed is fetched (spec 001 section 9: fetch delay default 200 ms). */
export const FETCH_DELAY_MS = 200;

/**
 * `value` once it has stayed the same for `delayMs` (the fetch delay): a query keyed on it asks the server when
 * typing pauses, not on every key. Until then it answers the value held before.
 * @example const searched = useDelayedValue(postcode, 400) // the address search waits 400 ms
 */
export function useDelayedValue<T>(value: T, delayMs: number = FETCH_DELAY_MS): T {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDelayed(() => value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return delayed;
}
