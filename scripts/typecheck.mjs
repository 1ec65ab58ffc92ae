// Typechecks every piece with its own settings: editor-core and contract have no DOM
// and no Node types, so a stray `window` or `process` there fails here.
import { spawnSync } from 'node:child_process';

const projects = ['editor-core/tsconfig.json', 'contract/tsconfig.json', 'server/tsconfig.json', 'tsconfig.json', 'tsconfig.tools.json'];
let failed = false;
for (const project of projects) {
  const started = Date.now();
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  console.log(`typecheck ${project}: ${result.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
