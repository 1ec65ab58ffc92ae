import { defineConfig } from 'vitest/config';

const withoutDatabase = [
  'server/src/modules/notifications/sanitize-html.test.ts',
  'server/src/modules/identity/password-policy.test.ts',
  'server/src/modules/identity/passwords.test.ts',
  'server/src/sms/sms.test.ts',
  'server/src/audio/check.test.ts',
  'server/src/mail/smtp.test.ts',
  'server/src/speech/resample.test.ts',
  'server/src/speech/text-to-speech.test.ts',
  'server/src/db/data-dir-lock.test.ts',
  'server/src/plugins/log-redaction.test.ts',
];

// The server suite runs once on embedded PGlite, and once more on a real PostgreSQL
// server when TEST_DATABASE_URL is set (.ci/run sets it when one answers locally).
const serverOn = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    include: ['server/src/**/*.test.ts'],
    // main.test.ts starts the real process on an embedded database folder, connect.test.ts
    // checks PGlite's own settings: PGlite only. two-processes.test.ts starts two processes on one
    // PostgreSQL database (PGlite is one process only), and template.test.ts drops the databases of killed runs from
    // the server: PostgreSQL only. The files that open no database run once, in the PGlite project.
    exclude:
      db === 'postgres'
        ? ['server/src/main.test.ts', 'server/src/db/connect.test.ts', ...withoutDatabase]
        : ['server/src/two-processes.test.ts', 'server/src/test/template.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    // The migrated and the seeded database each file starts from, made once (server/src/test/template.ts).
    globalSetup: ['server/src/test/global-setup.ts'],
    // A worker keeps its modules from one file to the next (each file opens its own database from the template):
    // loading the server's modules and PGlite's WebAssembly again for each file was half this suite's time.
    isolate: false,
    // After the others, two files at once: a server file mostly waits on its database. (Vitest's default is one
    // fewer worker than the cores: one on CI's two, which ran the whole suite one file after another.)
    sequence: { groupOrder: 1 },
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The page tests, in jsdom. Two workers: one left the second core mostly idle (the page tests wait more than they
// compute). Not isolated: each worker keeps its modules (React, Chakra, the app) and its jsdom window from one file to
// the next, and src/test/setup.ts clears what a file leaves in the window before the next one; loading those modules
// again for each of the 110-odd files was most of this group's time (about 6 minutes against under one on CI's two
// cores). The files that replace a module with vi.mock, or need a module's own state fresh (the layout worker pool,
// made once per page), run isolated (web-isolated): a module another file has loaded already in the same worker
// would be neither replaced nor fresh.
const ownModules = [
  'src/app/navigation.test.tsx',
  'src/features/social-sign-in/social-sign-in.test.tsx',
  'src/features/call-flows/call-flows.test.tsx',
  'src/features/call-flows/canvas/layout-worker-pool.test.ts',
];
const web = (options: { name: string; include: string[]; exclude?: string[]; isolate: boolean }) => ({
  test: {
    ...options,
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    sequence: { groupOrder: 0 },
    maxWorkers: 2,
    // Above the 10 s that findBy/waitFor wait (src/test/setup.ts).
    testTimeout: 15_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      // First, apart from the server files: the page tests wait on React's effects and timers, which the server's
      // four workers beside them could delay past what a test expects.
      // Pure modules: a worker keeps them loaded from one file to the next.
      {
        test: {
          name: 'editor-core',
          include: ['editor-core/src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['contract/src/**/*.test.ts', 'tests/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          isolate: false,
        },
      },
      // The test-call runtime: its own process in production; here its sessions, SIP and RTP on loopback.
      {
        test: {
          name: 'call-runtime',
          include: ['call-runtime/src/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      serverOn('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverOn('postgres')] : []),
      web({
        name: 'web',
        include: ['src/**/*.test.{ts,tsx}'],
        exclude: [...ownModules, 'src/**/*.node.test.ts'],
        isolate: false,
      }),
      // The SPA's React-free controllers: their tests run without a DOM, which keeps them React-free.
      {
        test: {
          name: 'web-node',
          include: ['src/**/*.node.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          maxWorkers: 2,
          isolate: false,
        },
      },
      web({ name: 'web-isolated', include: ownModules, isolate: true }),
    ],
  },
});
