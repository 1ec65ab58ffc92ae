import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

import {
  createProvisioningJob,
  finishProvisioningJobIfDue,
  latestProvisioningJob,
  startProvisioningJob,
  unfinishedProvisioningJobs,
  type ProvisioningJob,
  type ProvisioningJobKind,
} from './provisioning-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Provisioning jobs in the background (this file). */
    provisioning: ProvisioningRunner;
    /** How long a provisioning job takes in the sandbox, in ms (PORTAL_PROVISIONING_DELAY_MS). */
    provisioningDelayMs: number;
  }
}

/** How often every process looks for jobs another process left unfinished (it stopped, or crashed). */
const SWEEP_INTERVAL_MS = 30_000;

export interface ProvisioningRunner {
  /** Creates a job for a product and starts it in the background; answers it as created, or null when one is already under way. */
  begin(job: {
    productId: number;
    kind: ProvisioningJobKind;
    payload: Record<string, unknown>;
  }): Promise<ProvisioningJob | null>;
  /** The product's latest job, moved on first when it is due, so a status read never lags behind the clock. */
  current(productId: number): Promise<ProvisioningJob | undefined>;
  /** Starts every pending job and finishes every due one (at start, every SWEEP_INTERVAL_MS, and by tests). */
  sweep(): Promise<void>;
}

/**
 * The provisioning runner: a job lives in the database (provisioning_jobs), so it survives a
 * restart. Each process starts the jobs it creates and sets a timer for when they are due; at
 * start and every SWEEP_INTERVAL_MS it also takes up the jobs left unfinished (by a process
 * that stopped), and a status read finishes a due job itself. Starting and finishing are
 * conditional updates, so two processes never do a job's work twice.
 */
function createRunner(app: FastifyInstance): ProvisioningRunner & { close(): Promise<void> } {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  /** Moves a job on as far as the clock allows: pending is started, provisioning that is due is finished. */
  async function advance(job: ProvisioningJob): Promise<ProvisioningJob | undefined> {
    let current: ProvisioningJob | undefined = job;
    if (current.status === 'pending') current = await startProvisioningJob(app.db, current.id, app.now());
    if (current?.status === 'provisioning' && current.dueAt && current.dueAt.getTime() <= app.now().getTime()) {
      try {
        current = await finishProvisioningJobIfDue(app.db, current.id, app.now());
      } catch (error) {
        app.log.error({ err: error, jobId: job.id }, 'provisioning job failed');
        current = await latestProvisioningJob(app.db, job.productId);
      }
    }
    return current;
  }

  /** Sets a timer for when a started job is due (or runs it at once). */
  function schedule(job: ProvisioningJob | undefined): void {
    if (closed || !job || (job.status !== 'pending' && job.status !== 'provisioning')) return;
    const wait = job.status === 'pending' || !job.dueAt ? 0 : Math.max(0, job.dueAt.getTime() - app.now().getTime());
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (closed) return;
      track(advance(job))
        .then((next) => {
          // Still not due by the app's clock (a test's clock stands still): the sweep or a status read will finish it.
          if (next && next.status !== job.status) schedule(next);
        })
        .catch((error: unknown) => app.log.error({ err: error, jobId: job.id }, 'provisioning job not advanced'));
    }, wait);
    timer.unref();
    timers.add(timer);
  }

  async function sweep(): Promise<void> {
    for (const job of await unfinishedProvisioningJobs(app.db)) schedule(await advance(job));
  }

  const interval = setInterval(() => {
    if (!closed) track(sweep()).catch((error: unknown) => app.log.warn({ err: error }, 'provisioning sweep failed'));
  }, SWEEP_INTERVAL_MS);
  interval.unref();

  return {
    async begin({ productId, kind, payload }) {
      const job = await createProvisioningJob(app.db, {
        productId,
        kind,
        payload,
        durationMs: app.provisioningDelayMs,
        now: app.now(),
      });
      if (job) schedule(job);
      return job;
    },
    async current(productId) {
      const job = await latestProvisioningJob(app.db, productId);
      if (!job || (job.status !== 'pending' && job.status !== 'provisioning')) return job;
      return track(advance(job));
    },
    sweep: () => track(sweep()),
    async close() {
      closed = true;
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export default fp(
  async (app) => {
    const runner = createRunner(app);
    app.decorate('provisioning', runner);
    // Jobs left unfinished by the last run (or another process) are taken up once the app is ready; a
    // database that does not answer yet only delays them to the next sweep.
    app.addHook('onReady', async () => {
      runner.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'provisioning sweep at start failed'));
    });
    app.addHook('onClose', async () => runner.close());
  },
  { name: 'provisioning-runner', dependencies: ['db'] },
);
