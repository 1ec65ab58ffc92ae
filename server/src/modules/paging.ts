// One paging helper for every paged list: the spec's DRF-style `page` / `page_size` query,
// answered as `{count, next, previous, results}` with site-relative links that keep the query.

/** The page a list query asks for, as the repository's limit and offset. */
export interface PageRequest {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

/** The rows of one page and how many rows the whole list holds (counted with the same filter). */
export interface PageOf<T> {
  total: number;
  rows: T[];
}

/** The page `query` names; page 1 and `defaultSize` when it names none. */
export function pageRequest(
  query: { page?: number | undefined; page_size?: number | undefined },
  defaultSize: number,
): PageRequest {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? defaultSize;
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/**
 * DRF's page shape. `path` is the list's own path; `keep` are the query parameters other than
 * page and page_size that the next and previous links carry (a filter).
 */
export function pageAnswer<T>(
  path: string,
  request: PageRequest,
  total: number,
  results: T[],
  keep: Record<string, string> = {},
) {
  const link = (page: number) => {
    const search = new URLSearchParams({ page: String(page), page_size: String(request.pageSize), ...keep });
    return `${path}?${search.toString()}`;
  };
  const lastPage = Math.max(1, Math.ceil(total / request.pageSize));
  return {
    count: total,
    next: request.page < lastPage ? link(request.page + 1) : null,
    previous: request.page > 1 ? link(Math.min(request.page - 1, lastPage)) : null,
    results,
  };
}

/** A list with nothing in it (staff, who have no account). */
export const emptyPage = { count: 0, next: null, previous: null, results: [] };
