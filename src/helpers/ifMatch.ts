import { currentContext, requestStorage } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { ApiResponse, TransformerArg } from '../response/ApiResponse';
import { ifMatchHolds } from '../response/entityTag';

/**
 * Checks the `If-Match` header of the current write (PUT, PATCH, DELETE) against the current state
 * of the item: its ETag is the one a plain `GET` of the item answers (no `include`, no callback).
 * Answers false when the request has no `If-Match`, true when it holds, and throws a 412
 * (`RCA_PRECONDITION_FAILED`) when the client's copy is stale or the item is gone.
 *
 * To make the write itself atomic with the check, update or delete only while the row is still the
 * one that was checked (a version column in the `WHERE`); zero rows affected is then stale too.
 *
 * @example
 * const book = await Book.findByPk(id);
 * const conditional = await checkIfMatch(book, new BookTransformer(), 'books');
 * const where = conditional ? { id, version: book.version } : { id };
 */
export async function checkIfMatch<M>(item: M | null | undefined, transformer?: TransformerArg<M>, resourceKey?: string): Promise<boolean> {
  const context = currentContext('checkIfMatch()');
  const header = context.headers['if-match'];
  if (header === undefined) return false;
  const current = item === null || item === undefined ? null : await plainItemTag(item, transformer, resourceKey);
  if (!ifMatchHolds(String(header), current)) throw new ApiError('RCA_PRECONDITION_FAILED');
  return true;
}

/** The ETag a plain GET of the item carries: rendered as that GET, without the write's query string. */
async function plainItemTag<M>(item: M, transformer?: TransformerArg<M>, resourceKey?: string): Promise<string | null> {
  const context = currentContext('checkIfMatch()');
  // A budget of its own: rendering the tag is not part of any answer (a spread copies no getter either).
  const budget = { bytes: Infinity, resources: Infinity };
  const asGet = { ...context, method: 'GET', search: '', query: new URLSearchParams(), headers: {}, action: undefined, document: undefined, budget };
  const rendered = await requestStorage.run(asGet, () => new ApiResponse(asGet).withItem(item, transformer, resourceKey).render());
  return rendered.headers.etag ?? null;
}
