import type { PageLinks, PaginationMeta } from '../pagination/Paginator';
import type { TransformedResource } from '../transformer/Transformed';

/** Pagination as a serializer receives it. */
export interface PageInfo {
  meta: PaginationMeta;
  links: PageLinks;
}

/**
 * An envelope policy: how transformed data, meta and pagination become the response body.
 * Pure: no request, no framework, no I/O.
 *
 * @example
 * const body = serializers['data-array'].document(resource, { version: 1 }, null);
 */
export interface Serializer {
  readonly contentType: string;
  document(resource: TransformedResource, meta: Record<string, unknown> | null, page: PageInfo | null): Record<string, unknown>;
}
