// Prints the gzip size of the JavaScript a browser must load for the login page and for
// the home page (entry chunk, its static imports, and the modules the server preloads for the
// page, with their static imports: server/src/plugins/first-route-preloads.ts, whose list this
// reads), from the Vite manifest of `npm run build`, and fails over budget.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { FIRST_ROUTES, staticClosure } from '../server/src/plugins/first-route-preloads.ts';

const KiB = 1024;
const routes = FIRST_ROUTES.map((route) => ({ ...route, budget: 175 * KiB }));

const dist = process.env.BUNDLE_DIST ?? 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
let over = false;
for (const route of routes) {
  const needed = staticClosure(manifest, entryKey, new Set());
  for (const source of route.sources) {
    if (!manifest[source]) {
      console.error(`bundle: no chunk for ${source} (the ${route.name}) in the manifest`);
      process.exit(1);
    }
    staticClosure(manifest, source, needed);
  }
  const files = [...needed].filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const ok = bytes <= route.budget;
  over ||= !ok;
  console.log(`bundle: ${route.name}: ${(bytes / KiB).toFixed(1)} KiB gzip in ${files.length} JS files (budget ${route.budget / KiB} KiB) ${ok ? 'ok' : 'OVER BUDGET'}`);
}
process.exit(over ? 1 : 0);
