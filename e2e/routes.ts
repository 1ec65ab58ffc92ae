import { readFileSync } from 'node:fs';

/** A file of the project, as text. */
export const source = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

/** The route patterns of src/config/paths.ts or src/config/journey-paths.ts, by export name. */
export function routePatterns(path: string): Map<string, string> {
  const text = source(path);
  const slug = /productSlug: '([^']+)'/.exec(source('src/config/brand.ts'))?.[1] ?? '';
  const constants = new Map(
    [...text.matchAll(/const (\w+) = `([^`]+)` as const/g)].map(([, name, value]) => [
      name!,
      value!.replace('${brand.productSlug}', slug),
    ]),
  );
  const patterns = new Map<string, string>();
  for (const [, name, literal, constant] of text.matchAll(
    /export const (\w+) = \/\*#__PURE__\*\/ defineRoute\((?:'([^']+)'|(\w+))\)/g,
  )) {
    patterns.set(name!, literal ?? constants.get(constant!) ?? '');
  }
  return patterns;
}
