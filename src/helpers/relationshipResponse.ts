import { currentContext } from '../context/RequestContext';
import { entityTag, ifMatchHolds, isNotModified } from '../response/entityTag';
import { ApiError } from '../errors/ApiError';
import { ApiResponse } from '../response/ApiResponse';

/**
 * The entity tag of a relationship's linkage: its type and its members' ids, in any order, in any
 * serializer (a linkage is the same set of members however it is written).
 *
 * @example
 * relationshipTag('genres', [2, 5]); // the tag `GET /v1/books/1/relationships/genres` carries
 */
export function relationshipTag(type: string, ids: Iterable<string | number>): string {
  const members = [...ids].map(String).sort();
  return entityTag(`${type}:${members.join(',')}`);
}

/**
 * Checks the `If-Match` header of a relationship write (POST, PATCH, DELETE) against the linkage as
 * it is now (`currentIds` reads it, only when the header is there): false when there is none, true
 * when it holds, a 412 (RCA_PRECONDITION_FAILED) when the client's copy is stale. Call it inside the
 * write's transaction, with the parent row locked, so that no other write comes between the check
 * and the change.
 *
 * @example
 * await api.transaction(async () => {
 *   await Book.findByPk(bookId, { lock: true });
 *   await checkRelationshipIfMatch('genres', () => genreIds(bookId));
 *   // ... change the join rows
 * });
 */
export async function checkRelationshipIfMatch(type: string, currentIds: () => Promise<Iterable<string | number>>): Promise<boolean> {
  const header = currentContext('checkRelationshipIfMatch()').headers['if-match'];
  if (header === undefined) return false;
  if (!ifMatchHolds(String(header), relationshipTag(type, await currentIds()))) throw new ApiError('RCA_PRECONDITION_FAILED');
  return true;
}

/**
 * The answer of a relationship endpoint's GET: its linkage, `{ "data": [{ "type", "id" }] }`; in
 * json-api mode a JSON:API document: ids as strings, `jsonapi` and `links.self` (this endpoint), with
 * `links.related` when given. It carries the linkage's `ETag` (relationshipTag) and answers 304 to a
 * fresh `If-None-Match`.
 *
 * @example
 * return relationshipResponse('genres', book.genres.map((genre) => genre.id));
 */
export function relationshipResponse(type: string, ids: Iterable<string | number>, links: { related?: string } = {}): ApiResponse {
  const context = currentContext('relationshipResponse()');
  const members = [...ids];
  const tag = relationshipTag(type, members);
  const response = new ApiResponse(context).setHeaders({ etag: tag });
  if (isNotModified(context.headers, tag)) return response.notModified();
  const jsonApi = context.app.config.serializer === 'json-api';
  const data = members.map((id) => ({ type, id: jsonApi ? String(id) : id }));
  if (!jsonApi) return response.respond({ data });
  const self = `${context.origin}${context.path}`;
  return response.respond({ jsonapi: { version: '1.1' }, links: { self, ...links }, data });
}
