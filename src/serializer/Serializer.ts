import type { CursorLinks, CursorMeta } from '../pagination/cursorLinks';
import type { PageLinks, PaginationMeta } from '../pagination/Page';
import type { Converter } from '../response/convertBody';
import type { CutCollection, TransformedResource } from '../transformer/Transformed';

/** Pagination as a serializer receives it: by page number (`meta.pagination`) or by cursor (`meta.cursor`). */
export type PageInfo = { kind: 'pagination'; meta: PaginationMeta; links: PageLinks } | { kind: 'cursor'; meta: CursorMeta; links: CursorLinks };

/**
 * An envelope policy: how transformed data, meta and pagination become the response body, every
 * key and date passed through `convert` as the body is built. Pure: no request, no framework, no I/O.
 *
 * @example
 * const body = serializers['data-array'].document(resource, { version: 1 }, null, converter('snake', 'iso8601'));
 */
export interface Serializer {
  readonly contentType: string;
  document(resource: TransformedResource, meta: Record<string, unknown> | null, page: PageInfo | null, convert: Converter): Record<string, unknown>;
}

/** What a collection include cut by its limit says: `{ limit, offset, more: true }`. */
export function cutMeta(more: CutCollection): Record<string, unknown> {
  return { limit: more.limit, offset: more.offset, more: true };
}
