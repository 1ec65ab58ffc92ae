// Prints the gzip size of the JavaScript a browser must load for the login page and for
// the home page (entry chunk, its static imports, and the modules the server preloads for the
// page, with their static imports: server/src/plugins/first-route-preloads.ts, whose list this
// reads), from the Vite manifest of `npm run build`, beside the same figure for the floor page
// (bench/floor/: the portal's stack and providers around one heading and one paragraph, built here by
// the product's Vite configuration into bench/floor/dist). The floor is the stack's weight; a page may
// add at most PAGE_BUDGET to it. Exits non-zero when one adds more.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

import { FIRST_ROUTES, staticClosure } from '../server/src/plugins/first-route-preloads.ts';

const KiB = 1024;
/** What a first page may load beyond the floor, gzip. */
const PAGE_BUDGET = 40 * KiB;

const dist = process.env.BUNDLE_DIST ?? 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "npm run build" first.`);
  process.exit(1);
}

const readManifest = (path) => JSON.parse(readFileSync(path, 'utf8'));
const entryOf = (manifest) => Object.keys(manifest).find((key) => manifest[key].isEntry);
const gzipSize = (folder, file) => gzipSync(readFileSync(join(folder, file)), { level: 9 }).length;
/** The JS files of these chunks and their static imports, and their gzip bytes. */
function measure(folder, manifest, keys) {
  const needed = new Set();
  for (const key of keys) staticClosure(manifest, key, needed);
  const files = [...needed].filter((file) => file.endsWith('.js'));
  return { files: files.length, bytes: files.reduce((sum, file) => sum + gzipSize(folder, file), 0) };
}
const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;

const floorConfig = fileURLToPath(new URL('floor/vite.config.ts', import.meta.url));
const floorDist = fileURLToPath(new URL('floor/dist', import.meta.url));
await build({ configFile: floorConfig, logLevel: 'error' });
const floorManifest = readManifest(join(floorDist, '.vite', 'manifest.json'));
const floor = measure(floorDist, floorManifest, [entryOf(floorManifest)]);
console.log(
  `bundle: floor (the stack and its providers, one heading and one paragraph): ${kib(floor.bytes)} gzip in ${floor.files} JS files`,
);

const manifest = readManifest(manifestPath);
const entryKey = entryOf(manifest);
let over = false;
for (const route of FIRST_ROUTES) {
  for (const source of route.sources) {
    if (!manifest[source]) {
      console.error(`bundle: no chunk for ${source} (the ${route.name}) in the manifest`);
      process.exit(1);
    }
  }
  const page = measure(dist, manifest, [entryKey, ...route.sources]);
  const added = page.bytes - floor.bytes;
  const ok = added <= PAGE_BUDGET;
  over ||= !ok;
  console.log(
    `bundle: ${route.name}: ${kib(page.bytes)} gzip in ${page.files} JS files, floor ${kib(floor.bytes)}, ` +
      `ratio ${(page.bytes / floor.bytes).toFixed(2)}, floor + ${kib(added)} (budget floor + ${kib(PAGE_BUDGET)}) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
process.exit(over ? 1 : 0);
