import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AFTER_PAINT_FALLBACK_MS, AfterPaint } from './after-paint.tsx';

/** Animation frames the test runs by hand, as the browser would before its next paint. */
let frames: FrameRequestCallback[] = [];
let cancelled: number[] = [];

beforeEach(() => {
  frames = [];
  cancelled = [];
  // Timers only: the animation frames are the test's own (below), not the fake clock's.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => cancelled.push(id));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const runFrame = () => act(() => frames.splice(0).forEach((callback) => callback(performance.now())));

describe('AfterPaint', () => {
  it('shows its fallback until the page has painted, then its children', async () => {
    render(
      <AfterPaint fallback={<p>Room kept</p>}>
        <p>Bell</p>
      </AfterPaint>,
    );
    expect(screen.getByText('Room kept')).toBeInTheDocument();
    expect(screen.queryByText('Bell')).toBeNull();

    // The frame before the paint: still not drawn, the page paints first.
    runFrame();
    expect(screen.queryByText('Bell')).toBeNull();

    // The task queued from that frame runs after the paint.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Bell')).toBeInTheDocument();
    expect(screen.queryByText('Room kept')).toBeNull();
  });

  it('keeps the fallback while a lazy part among its children loads', async () => {
    let load!: (module: { default: () => ReactNode }) => void;
    const Bell = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (load = resolve)));
    render(
      <AfterPaint fallback={<p>Room kept</p>}>
        <Bell />
      </AfterPaint>,
    );
    runFrame();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Room kept')).toBeInTheDocument();
    load({ default: () => <p>Bell</p> });
    // React reveals a part that suspended up to 300 ms after its fallback showed.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('Bell')).toBeInTheDocument();
    expect(screen.queryByText('Room kept')).toBeNull();
  });

  it('draws nothing in the meantime without a fallback', () => {
    const { container } = render(
      <AfterPaint>
        <p>Chat</p>
      </AfterPaint>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('in a tab that runs no frames (hidden), shows its children after a while anyway', async () => {
    render(
      <AfterPaint>
        <p>Profile menu</p>
      </AfterPaint>,
    );
    await act(() => vi.advanceTimersByTimeAsync(AFTER_PAINT_FALLBACK_MS - 1));
    expect(screen.queryByText('Profile menu')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Profile menu')).toBeInTheDocument();
  });

  it('once unmounted, leaves no frame or timer behind', () => {
    const { unmount } = render(
      <AfterPaint>
        <p>Quickstart</p>
      </AfterPaint>,
    );
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(cancelled).toEqual([1]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
