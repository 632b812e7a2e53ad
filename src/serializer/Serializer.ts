import type { CursorLinks, CursorMeta } from '../pagination/cursorLinks';
import type { PageLinks, PaginationMeta } from '../pagination/Page';
import type { Converter } from '../response/convertBody';
import type { CutCollection, TransformedItem, TransformedResource } from '../transformer/Transformed';

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
  /**
   * The document of a top-level collection (of resources of `type`) written a part at a time, as the
   * include walk finishes each part (see walkParts()): the walk then keeps none of its items.
   */
  parts(convert: Converter, type: string): DocumentParts;
}

/**
 * A collection's document written a part at a time (Serializer.parts()): the same document as
 * `document()` makes of all the items at once.
 *
 * @example
 * const parts = serializers['json-api'].parts(convert, 'books');
 * await walk.runInParts(resource, (items) => parts.add(items));
 * const body = parts.document(null, page);
 */
export interface DocumentParts {
  /** Writes the items of the next part, in order. */
  add(items: TransformedItem[]): void;
  /** The document, once every part is added; its meta, and pagination when there is a page. */
  document(meta: Record<string, unknown> | null, page: PageInfo | null): Record<string, unknown>;
}

/**
 * A document's top-level meta: the builder's, with the page's under its kind (`pagination` or
 * `cursor`), converted; null when there is none to send.
 *
 * @example
 * documentMeta({ total: 3 }, null, convert); // { total: 3 }
 */
export function documentMeta(meta: Record<string, unknown> | null, page: PageInfo | null, convert: Converter): unknown {
  const allMeta = page ? { ...(meta ?? {}), [page.kind]: page.meta } : meta;
  return allMeta && Object.keys(allMeta).length > 0 ? convert.value(allMeta) : null;
}

/** What a collection include cut by its limit says: `{ limit, offset, more: true }`. */
export function cutMeta(more: CutCollection): Record<string, unknown> {
  return { limit: more.limit, offset: more.offset, more: true };
}
