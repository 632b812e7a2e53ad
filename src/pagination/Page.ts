/**
 * A page of results that knows the total: what `withPagination()` needs.
 *
 * @example
 * const page: Page<Book> = { items: rows, total: count, perPage: 5, currentPage: 2 };
 */
export interface Page<T = unknown> {
  readonly items: readonly T[];
  readonly total: number;
  readonly perPage: number;
  readonly currentPage: number;
}

/**
 * The name of earlier releases for {@link Page}.
 *
 * @deprecated A page is a `Page`: `Paginator` goes in the next major release.
 * @example
 * const page: Paginator<Book> = { items: rows, total: count, perPage: 5, currentPage: 2 };
 */
export type Paginator<T = unknown> = Page<T>;

/** The `meta.pagination` block of CONTRACT 1.2 (keys before key conversion). */
export interface PaginationMeta {
  total: number;
  count: number;
  per_page: number;
  current_page: number;
  total_pages: number;
  links: { previous?: string; next?: string };
}

/** The absolute page links a serializer may use, all keeping the request's other query parameters. */
export interface PageLinks {
  self: string;
  first: string;
  last: string;
  previous?: string;
  next?: string;
}

/** The number of pages, at least 1 so that an empty result still has a page 1. */
export function totalPages(page: Page): number {
  return Math.max(1, Math.ceil(page.total / page.perPage));
}
