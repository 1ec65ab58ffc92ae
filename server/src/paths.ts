import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (server/), found from this module: one folder down in the sources
 * (server/src/paths.ts) and in the built bundle (server/build/main.mjs, scripts/build-server.mjs)
 * alike, so files found from it resolve the same under tsx and from the bundle.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
