import { defineConfig } from 'vitest/config';

// The server suite runs once on embedded PGlite, and once more on a real PostgreSQL
// server when TEST_DATABASE_URL is set (.ci/run sets it when one answers locally).
const serverOn = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: ['server/src/**/*.test.ts'],
    // main.test.ts starts the real process on an embedded database folder, connect.test.ts
    // checks PGlite's own settings: PGlite only. two-processes.test.ts starts two processes on one
    // PostgreSQL database (PGlite is one process only): PostgreSQL only.
    exclude: db === 'postgres' ? ['server/src/main.test.ts', 'server/src/db/connect.test.ts'] : ['server/src/two-processes.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    // The migrated and the seeded database each file starts from, made once (server/src/test/template.ts).
    globalSetup: ['server/src/test/global-setup.ts'],
    // After the others, two files at once: a server file mostly waits on its database. (Vitest's default is one
    // fewer worker than the cores: one on CI's two, which ran the whole suite one file after another.)
    sequence: { groupOrder: 1 },
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      // First, apart from the server files: the page tests wait on React's effects and timers, which the server's
      // four workers beside them could delay past what a test expects.
      { test: { name: 'editor-core', include: ['editor-core/src/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 }, maxWorkers: 1 } },
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts', 'tests/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 }, maxWorkers: 1 } },
      serverOn('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverOn('postgres')] : []),
      {
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          sequence: { groupOrder: 0 },
          // Two: one worker left the second core mostly idle (the page tests wait more than they compute); measured
          // 356 s against about 480 s for this group on CI's two cores, all passing.
          maxWorkers: 2,
          // Above the 10 s that findBy/waitFor wait (src/test/setup.ts).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
