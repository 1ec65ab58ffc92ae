/**
 * The one 20 ms media clock every call's RTP is paced by. One timer for all calls, not one per call: at 200 calls a
 * timer per call drifted and bunched, one shared clock held (docs/decisions, the test-call runtime). Each tick is
 * scheduled against the ideal instant start + n x 20 ms, so lateness never accumulates; after a stall of the
 * machine it sends the missed frames at once (up to MAX_CATCH_UP), then starts counting afresh.
 */
export const FRAME_MS = 20;
/** Samples in one 20 ms frame at 8 kHz: one G.711 packet's payload bytes and its timestamp step. */
export const FRAME_SAMPLES = 160;
const MAX_CATCH_UP = 5;

export interface MediaClock {
  /** Calls `listener` once per frame until the returned function is called. */
  subscribe(listener: () => void): () => void;
}

/** Lateness of ticks, in milliseconds, for the benchmark and the start-up line. */
export interface ClockFigures {
  ticks: number;
  maxLateMs: number;
}

/** The real clock: runs only while something listens. */
export class PacedClock implements MediaClock {
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private origin = 0;
  private frame = 0;
  readonly figures: ClockFigures = { ticks: 0, maxLateMs: 0 };

  constructor(private readonly now: () => number = () => performance.now()) {}

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.origin = this.now();
      this.frame = 0;
      this.schedule();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
    };
  }

  private schedule(): void {
    const due = this.origin + (this.frame + 1) * FRAME_MS;
    this.timer = setTimeout(() => this.tick(), Math.max(0, due - this.now()));
  }

  private tick(): void {
    const now = this.now();
    let due = Math.floor((now - this.origin) / FRAME_MS) - this.frame;
    const late = now - (this.origin + (this.frame + 1) * FRAME_MS);
    this.figures.maxLateMs = Math.max(this.figures.maxLateMs, late);
    if (due > MAX_CATCH_UP) {
      // A stall: send a few frames to refill the peer's jitter buffer, then count from here.
      this.origin = now - MAX_CATCH_UP * FRAME_MS;
      this.frame = 0;
      due = MAX_CATCH_UP;
    }
    for (let i = 0; i < Math.max(1, due); i++) {
      this.frame++;
      this.figures.ticks++;
      for (const listener of [...this.listeners]) {
        try {
          listener();
        } catch (error) {
          console.error('media clock listener failed', error);
        }
      }
    }
    if (this.listeners.size > 0) this.schedule();
    else this.timer = null;
  }
}

/** A clock a test moves by hand: `advance(n)` runs n frames at once. */
export class ManualClock implements MediaClock {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  advance(frames = 1): void {
    for (let i = 0; i < frames; i++) for (const listener of [...this.listeners]) listener();
  }
}
