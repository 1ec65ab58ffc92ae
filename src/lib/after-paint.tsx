import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';

/** A hidden tab paints nothing and runs no animation frames: the parts come anyway, this long after mounting. */
export const AFTER_PAINT_FALLBACK_MS = 1000;

/**
 * Draws its children only once the page around it has been painted: the fallback (which keeps their
 * room) until then, and while a lazy part among them is still loading (it is their Suspense boundary). For the lazy parts of a layout that the page's text does not need (the top bar's
 * bell and profile menu, the chat host, dialogs that may open): their chunks are asked for after the
 * first paint, so on a slow link they do not share it with the code and data the page draws from.
 * The first animation frame after mounting comes before the next paint; a task queued from it runs
 * after that paint. The parts are then drawn as a transition: in slices, not one long task.
 */
export function AfterPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => startTransition(() => setPainted(true));
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(show, 0);
    });
    timer = setTimeout(show, AFTER_PAINT_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
