import type { RequestContext } from '../context/RequestContext';
import type { CursorPage } from './cursor';
import { urlWith } from './pageLinks';
import { pageParameters } from '../query/pageParameters';

/** The `meta.cursor` block (Fractal's Cursor): the tokens, and how many items this page holds. */
export interface CursorMeta {
  current: string | null;
  previous: string | null;
  next: string | null;
  count: number;
}

/** Absolute links of a cursor page: this one, the start, and the pages around it when there are. */
export interface CursorLinks {
  self: string;
  first: string;
  previous?: string;
  next?: string;
}

/** The URL of the current request with the cursor set (or removed for the start), every other parameter kept. */
function cursorUrl(context: RequestContext, token: string | null): string {
  return urlWith(context, pageParameters(context.app.config).cursor, token);
}

/**
 * The links and the meta block of a cursor page.
 *
 * @example
 * cursorLinks(context, page).next; // '.../v1/comments?cursor=WzEs...'
 */
export function cursorLinks(context: RequestContext, page: CursorPage): { meta: CursorMeta; links: CursorLinks } {
  const { current, previous, next } = page.cursor;
  const links: CursorLinks = {
    self: cursorUrl(context, current),
    first: cursorUrl(context, null),
    ...(previous ? { previous: cursorUrl(context, previous) } : {}),
    ...(next ? { next: cursorUrl(context, next) } : {}),
  };
  return { meta: { current, previous, next, count: page.items.length }, links };
}
