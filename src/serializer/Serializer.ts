import type { PageLinks, PaginationMeta } from '../pagination/Paginator';
import type { Converter } from '../response/convertBody';
import type { TransformedResource } from '../transformer/Transformed';

/** Pagination as a serializer receives it. */
export interface PageInfo {
  meta: PaginationMeta;
  links: PageLinks;
}

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
