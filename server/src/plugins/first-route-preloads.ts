/** The parts of Vite's build manifest (dist/.vite/manifest.json) read here. */
export type ViteManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

/** The login page's address, with or without its closing slash. */
export const LOGIN_PAGE_PATH = /^\/auth\/login\/?$/;

/**
 * The pages most visits start on, by path, with the lazy route modules (src/app/routes.tsx) they
 * render first; bench/bundle.mjs measures the JS of each from this same list. A page found here gets
 * `<link rel="modulepreload">` for those modules and their static imports, so the browser
 * fetches them beside the entry chunk instead of after it has run (one round trip less before
 * the first paint of the real page). Any other path loads as before. `/` is the home page of a
 * signed-in visitor (a guest goes on to sign in; the few KiB preloaded for the home page are
 * then unused). A module a code-splitting group holds (the login page, in 'forms') has its manifest key all the
 * same (vite.config.ts, firstRouteManifestKeys).
 */
export const FIRST_ROUTES: { name: string; path: RegExp; sources: string[] }[] = [
  // The social sign-in buttons are asked for once the page has drawn (their room is kept): on a slow link each file
  // preloaded beside the entry delays it.
  { name: 'login page', path: LOGIN_PAGE_PATH, sources: ['src/app/routes/auth/login.tsx'] },
  {
    name: 'home page',
    path: /^\/$/,
    // Its lazy parts (the divert notices, the layout's bell and menus, the QR codes) are not preloaded: they are
    // asked for once the page has drawn, and on a slow link each file preloaded beside the entry delays it.
    sources: ['src/app/layouts/default-layout.tsx', 'src/app/routes/app/home.tsx'],
  },
];

/** The chunk files a module needs before it runs: itself and its static imports. */
export function staticClosure(manifest: ViteManifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * Answers, for a path, the `<link rel="modulepreload">` tags of its first route's chunks that index.html does not already load (the entry's own are in it). Empty for other paths and
 * for a manifest without those modules.
 */
export function firstRoutePreloads(manifest: ViteManifest): (path: string) => string {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inPage = entryKey ? staticClosure(manifest, entryKey, new Set()) : new Set<string>();
  const tags = FIRST_ROUTES.map(({ path, sources }) => {
    const files = new Set<string>();
    for (const source of sources) staticClosure(manifest, source, files);
    const links = [...files]
      .filter((file) => file.endsWith('.js') && !inPage.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    return { path, html: links.join('') };
  });
  return (path) => tags.find((entry) => entry.path.test(path))?.html ?? '';
}
