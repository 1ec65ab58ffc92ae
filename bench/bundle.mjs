// Prints the gzip size of the JavaScript a browser must load for the login page and for
// the home page (entry chunk, its static imports, the lazy chunks of the route and of the
// layouts around it, with their static imports), from the Vite manifest of
// `npm run build`, and fails over budget.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const KiB = 1024;
const routes = [
  // The social sign-in buttons are preloaded with the login page (server/src/plugins/first-route-preloads.ts).
  { name: 'login page', budget: 175 * KiB, sources: ['src/app/routes/auth/login.tsx', 'src/features/social-sign-in/components/social-sign-in-buttons.tsx'] },
  { name: 'home page', budget: 175 * KiB, sources: ['src/app/layouts/default-layout.tsx', 'src/app/routes/app/home.tsx'] },
];

const dist = process.env.BUNDLE_DIST ?? 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "npm run build" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** The chunk files a module needs before it runs: itself and its static imports. */
function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
let over = false;
for (const route of routes) {
  const needed = staticClosure(entryKey);
  for (const source of route.sources) {
    if (!manifest[source]) {
      console.error(`bundle: no chunk for ${source} (the ${route.name}) in the manifest`);
      process.exit(1);
    }
    staticClosure(source, needed);
  }
  const files = [...needed].filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const ok = bytes <= route.budget;
  over ||= !ok;
  console.log(`bundle: ${route.name}: ${(bytes / KiB).toFixed(1)} KiB gzip in ${files.length} JS files (budget ${route.budget / KiB} KiB) ${ok ? 'ok' : 'OVER BUDGET'}`);
}
process.exit(over ? 1 : 0);
