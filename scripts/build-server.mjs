// Bundles the API server (server/src/main.ts with the workspace's own TypeScript: contract, editor-core) into one
// plain JavaScript file, server/build/main.mjs, which `npm run serve` runs with node alone. Under tsx the
// server also carried tsx's loader and its compiled-module cache: about 80 MB of an idle server's memory
// (docs/decisions/012). Packages from node_modules stay imports, loaded as they are. Part of `npm run build`.
// The test-call runtime (call-runtime/src/main.ts), the server's child process, is bundled the same way beside it.
import { build } from 'esbuild';

const started = performance.now();
const bundle = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // For a stack trace that names the sources: NODE_OPTIONS=--enable-source-maps.
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-external',
        setup(context) {
          // A bare import is a package (kept as an import) unless it is one of the workspace's own.
          context.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@portal/') || args.path.startsWith('node:')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
await Promise.all([
  bundle('server/src/main.ts', 'server/build/main.mjs'),
  bundle('call-runtime/src/main.ts', 'call-runtime/build/main.mjs'),
]);
console.log(
  `server and call runtime bundled into server/build/main.mjs and call-runtime/build/main.mjs in ${Math.round(performance.now() - started)} ms`,
);
