import { currentContext } from '../context/RequestContext';
import { ApiResponse } from '../response/ApiResponse';

/**
 * The answer of a relationship endpoint's GET: its linkage, `{ "data": [{ "type", "id" }] }`; in
 * json-api mode a JSON:API document: ids as strings, `jsonapi` and `links.self` (this endpoint), with
 * `links.related` when given.
 *
 * @example
 * return relationshipResponse('genres', book.genres.map((genre) => genre.id));
 */
export function relationshipResponse(type: string, ids: Iterable<string | number>, links: { related?: string } = {}): ApiResponse {
  const context = currentContext('relationshipResponse()');
  const jsonApi = context.app.config.serializer === 'json-api';
  const data = [...ids].map((id) => ({ type, id: jsonApi ? String(id) : id }));
  if (!jsonApi) return new ApiResponse(context).respond({ data });
  const self = `${context.origin}${context.path}`;
  return new ApiResponse(context).respond({ jsonapi: { version: '1.1' }, links: { self, ...links }, data });
}
