// Serves the built SPA and the real API on a fresh temporary PGlite database, for the
// end-to-end suite; the database folder is removed when the server stops. The specs make the customers they
// change through the sandbox's customer factory (POST /sandbox/customers/).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// The server as `npm start` runs it: the bundle `npm run build` made (scripts/build-server.mjs).
const server = spawn(process.execPath, ['server/build/main.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORTAL_DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORTAL_PROVISIONING_DELAY_MS: '6000',
    PORT: process.env.E2E_PORT ?? '8181',
    // Each e2e server its own test-call runtime port, so parallel runs do not collide.
    CALL_RUNTIME_SIP_PORT: process.env.CALL_RUNTIME_SIP_PORT || String(Number(process.env.E2E_PORT ?? 8181) + 1000),
  },
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
