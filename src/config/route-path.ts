/**
 * The shape of a route in paths.ts: `pattern` is the React Router path (`:id` a
 * parameter, `:id?` an optional one), `name` the spec's route name, and
 * `build(params, query)` fills the pattern in, typed by its parameters.
 */

type StripOptional<N extends string> = N extends `${infer Name}?` ? Name : N;

/** The names of the `:name` parameters of a pattern, `?` stripped. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? StripOptional<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? StripOptional<Name>
    : never;

type OptionalParamNames<P extends string> = P extends `${string}:${infer Name}?/${infer Rest}`
  ? Name | OptionalParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}?`
    ? Name
    : P extends `${string}:${string}/${infer Rest}`
      ? OptionalParamNames<`/${Rest}`>
      : never;

type ParamValue = string | number;

export type RouteParams<P extends string> = {
  [K in Exclude<ParamNames<P>, OptionalParamNames<P>>]: ParamValue;
} & {
  [K in OptionalParamNames<P>]?: ParamValue;
};

export type QueryValues = Record<string, string | number | undefined>;

type BuildArgs<P extends string> = [ParamNames<P>] extends [never]
  ? [params?: Record<string, never>, query?: QueryValues]
  : [params: RouteParams<P>, query?: QueryValues];

export interface AppRoute<P extends string = string> {
  /** The route name of the spec (Nuxt style, e.g. `call-flows-id`), derived from the pattern. */
  name: string;
  /** The React Router path pattern. */
  pattern: P;
  build(...args: BuildArgs<P>): string;
}

/** Fills a pattern's parameters and appends a query string (undefined values left out). */
export function buildRoutePath(
  pattern: string,
  params: Record<string, ParamValue | undefined> = {},
  query: QueryValues = {},
): string {
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) return [];
      throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    }
    return [encodeURIComponent(String(value))];
  });
  const path = segments.join('/') || '/';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/**
 * The Nuxt-style route name of a pattern: its segments joined by '-', parameters by
 * their names; '/' is `index` and the catch-all `not-found`.
 * @example routeName('/call-flows/custom/:id?') // 'call-flows-custom-id'
 */
export function routeName(pattern: string): string {
  if (pattern === '*') return 'not-found';
  const name = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^:/, '').replace(/\?$/, ''))
    .join('-');
  return name || 'index';
}

export function defineRoute<const P extends string>(pattern: P): AppRoute<P> {
  return {
    name: routeName(pattern),
    pattern,
    build: (...args: BuildArgs<P>) => buildRoutePath(pattern, args[0], args[1]),
  };
}
