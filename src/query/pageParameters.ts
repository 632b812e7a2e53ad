import type { ApiConfig } from '../config/ApiConfig';

/** The query parameters of pagination: JSON:API's page family in json-api mode, `page`/`per_page` otherwise. */
export interface PageParameters {
  readonly page: string;
  readonly size: string;
  /** The position token of a cursor-paginated route. */
  readonly cursor: string;
}

const JSON_API: PageParameters = Object.freeze({ page: 'page[number]', size: 'page[size]', cursor: 'page[cursor]' });
const PLAIN: PageParameters = Object.freeze({ page: 'page', size: 'per_page', cursor: 'cursor' });

/**
 * The names a request uses to ask for a page, and that page links are built with.
 *
 * @example
 * pageParameters(config).page; // 'page', or 'page[number]' when serializer is 'json-api'
 */
export function pageParameters(config: ApiConfig): PageParameters {
  return config.serializer === 'json-api' ? JSON_API : PLAIN;
}
