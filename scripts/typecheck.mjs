// Typechecks every piece with its own settings: editor-core and contract have no DOM
// and no Node types, so a stray `window` or `process` there fails here. Two at a time (CI has two cores),
// the largest first; each project's messages are printed together when it ends.
import { spawn } from 'node:child_process';

const projects = [
  'tsconfig.json',
  'server/tsconfig.json',
  'tsconfig.tools.json',
  'contract/tsconfig.json',
  'editor-core/tsconfig.json',
  'call-runtime/tsconfig.json',
];
const parallel = Number(process.env.TYPECHECK_JOBS ?? 2);

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['tsc', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      console.log(
        `typecheck ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: parallel }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
