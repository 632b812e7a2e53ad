import type { RequestContext } from '../context/RequestContext';
import { pageParameters } from '../query/pageParameters';
import { Page, PageLinks, PaginationMeta, totalPages } from './Page';

/** The URL of the current request with one query parameter set (or removed, for null), every other kept. */
export function urlWith(context: RequestContext, name: string, value: string | null): string {
  const query = new URLSearchParams(context.search);
  if (value === null) query.delete(name);
  else query.set(name, value);
  const search = query.toString();
  return `${context.origin}${context.path}${search ? `?${search}` : ''}`;
}

/** The URL of the current request with only the page number changed. */
function pageUrl(context: RequestContext, page: number): string {
  return urlWith(context, pageParameters(context.app.config).page, String(page));
}

/**
 * Absolute links to the first, last, previous and next pages, keeping every other query parameter.
 *
 * @example
 * pageLinks(context, { items, total: 12, perPage: 5, currentPage: 2 }).next; // '.../v1/books?include=author&page=3'
 */
export function pageLinks(context: RequestContext, page: Page): PageLinks {
  const last = totalPages(page);
  const current = page.currentPage;
  return {
    self: pageUrl(context, current),
    first: pageUrl(context, 1),
    last: pageUrl(context, last),
    ...(current > 1 ? { previous: pageUrl(context, Math.min(current - 1, last)) } : {}),
    ...(current < last ? { next: pageUrl(context, current + 1) } : {}),
  };
}

/** The `pagination` meta block. */
export function paginationMeta(page: Page, links: PageLinks): PaginationMeta {
  return {
    total: page.total,
    count: page.items.length,
    per_page: page.perPage,
    current_page: page.currentPage,
    total_pages: totalPages(page),
    links: { ...(links.previous ? { previous: links.previous } : {}), ...(links.next ? { next: links.next } : {}) },
  };
}
