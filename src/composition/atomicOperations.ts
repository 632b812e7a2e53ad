import { currentContext, requestStorage } from '../context/RequestContext';
import { isSpent, spentPart } from '../context/SharedBudget';
import { isPlainObject } from '../config/deepMerge';
import type { Api, ApiRequestOptions } from '../dispatcher/Api';
import { ApiError } from '../errors/ApiError';
import { ApiResponse } from '../response/ApiResponse';
import { sharedBudgetError } from '../transformer/Budget';
import { ATOMIC_MEDIA_TYPE, AtomicOperation, isAtomicRequest, parseAtomicDocument } from '../jsonapi/atomicDocument';
import { errorDocument, JSON_API_MEDIA_TYPE, JsonApiError } from '../jsonapi/errorDocument';

type Json = Record<string, unknown>;

/** One result of `atomic:results`: the resource an operation answered with, or nothing. */
export type AtomicResult = { data?: unknown; meta?: unknown };

/** What a run of operations did: every result, or the first failure (with the errors to answer). */
export type AtomicOutcome = { results: AtomicResult[] } | { failedAt: number; status: number; errors: JsonApiError[] };

const invalid = (pointer: string, reason: string) => new ApiError('RCA_ATOMIC_INVALID', { pointer, reason });

/** Local ids to the ids the server gave their resources, filled as `add` operations succeed. */
type LocalIds = Map<string, string>;

function idOf(ref: { id?: unknown; lid?: unknown }, lids: LocalIds, pointer: string): string | undefined {
  if (typeof ref.lid !== 'string') return ref.id as string | undefined;
  const id = lids.get(ref.lid);
  if (id === undefined) throw invalid(`${pointer}/lid`, `"${ref.lid.slice(0, 40)}" is not the lid of a resource added by an earlier operation`);
  return id;
}

/** A resource identifier with its lid replaced by the server's id. */
function linkage(value: unknown, lids: LocalIds, pointer: string): unknown {
  if (Array.isArray(value)) return value.map((item, i) => linkage(item, lids, `${pointer}/${i}`));
  if (!isPlainObject(value) || value.lid === undefined) return value;
  const { lid: _lid, ...rest } = value;
  return { ...rest, id: idOf(value, lids, pointer) };
}

/** A resource object as its route takes it: no lid, its relationships' lids resolved, the id given. */
function resourceObject(data: Json, lids: LocalIds, pointer: string, id: string | undefined): Json {
  const { lid: _lid, id: _id, relationships, ...rest } = data;
  const resolved: Json = { ...rest, ...(id !== undefined ? { id } : {}) };
  if (isPlainObject(relationships)) {
    resolved.relationships = Object.fromEntries(
      Object.entries(relationships).map(([name, relationship]) => [
        name,
        isPlainObject(relationship) ? { ...relationship, data: linkage(relationship.data, lids, `${pointer}/relationships/${name}/data`) } : relationship,
      ]),
    );
  } else if (relationships !== undefined) resolved.relationships = relationships;
  return resolved;
}

/** The ordinary request an operation stands for. */
function requestOf(operation: AtomicOperation, lids: LocalIds, basePath: string): ApiRequestOptions {
  const { op, ref, pointer } = operation;
  const headers = { 'content-type': JSON_API_MEDIA_TYPE, accept: JSON_API_MEDIA_TYPE };
  const collection = `${basePath}/${ref.type}`;
  if (op === 'add' && !ref.relationship) {
    return { method: 'POST', url: collection, headers, body: { data: resourceObject(operation.data as Json, lids, `${pointer}/data`, undefined) } };
  }
  const id = idOf(ref, lids, `${pointer}/ref`);
  if (id === undefined) throw invalid(`${pointer}/ref`, 'needs an id or a lid');
  const url = `${collection}/${encodeURIComponent(id)}`;
  if (op === 'remove' && !ref.relationship) return { method: 'DELETE', url, headers };
  if (!ref.relationship) return { method: 'PATCH', url, headers, body: { data: resourceObject(operation.data as Json, lids, `${pointer}/data`, id) } };
  return relationshipRequest(operation, id, url, headers, lids);
}

/**
 * A relationship operation. To-many (data a list): the relationship's own endpoint, as JSON:API
 * names it (`/books/1/relationships/genres`): `add` POSTs members, `remove` DELETEs them, `update`
 * replaces them all with a PATCH. To-one (`update` with one identifier or null): a PATCH of the
 * resource with that relationship.
 */
function relationshipRequest(operation: AtomicOperation, id: string, url: string, headers: Record<string, string>, lids: LocalIds): ApiRequestOptions {
  const { op, ref, pointer } = operation;
  const relationship = ref.relationship!;
  const data = linkage(operation.data, lids, `${pointer}/data`);
  if (Array.isArray(data)) {
    const method = op === 'add' ? 'POST' : op === 'remove' ? 'DELETE' : 'PATCH';
    return { method, url: `${url}/relationships/${encodeURIComponent(relationship)}`, headers, body: { data } };
  }
  return { method: 'PATCH', url, headers, body: { data: { type: ref.type, id, relationships: { [relationship]: { data } } } } };
}

/** The errors of a failed operation, pointing into the operations document. */
function errorsOf(body: unknown, status: number, pointer: string): JsonApiError[] {
  const errors = isPlainObject(body) && Array.isArray(body.errors) ? (body.errors as JsonApiError[]) : [{ status: String(status), title: 'Operation failed' }];
  return errors.map((error) => ({ ...error, source: { pointer: `${pointer}${error.source?.pointer ?? ''}` } }));
}

/** The answer of an operation not run: the results before it hold all one request may be answered with. */
function overBudget(spent: 'bytes' | 'resources'): { status: number; body: unknown } {
  const error = sharedBudgetError(spent, 0);
  return { status: error.status, body: errorDocument(error.status, error.message, { code: error.code }) };
}

/**
 * Runs operations in order, in one `api.transaction()`, each as the ordinary request it stands for
 * (through the in-process dispatcher: validation, If-Match and budgets apply as to a single request).
 * An `add` that succeeds binds its `lid` to the id the server gave; later operations may name it in
 * `ref`, `data` and relationships. The first failure rolls every write back.
 *
 * @example
 * const outcome = await runAtomicOperations(api, parseAtomicDocument(body, '/v1', 100), '/v1');
 */
export async function runAtomicOperations(api: Api, operations: AtomicOperation[], basePath: string): Promise<AtomicOutcome> {
  let outcome: AtomicOutcome | undefined;
  // Outside a request (a script, a test) nothing else shares a budget with the operations.
  const budget = requestStorage.getStore()?.budget;
  try {
    return await api.transaction(async (tx) => {
      const lids: LocalIds = new Map();
      const results: AtomicResult[] = [];
      for (const [index, operation] of operations.entries()) {
        const lid = isPlainObject(operation.data) && operation.op === 'add' ? operation.data.lid : undefined;
        if (typeof lid === 'string' && lids.has(lid)) throw invalid(`${operation.pointer}/data/lid`, `"${lid.slice(0, 40)}" is the lid of an earlier resource`);
        const answer = budget && isSpent(budget) ? overBudget(spentPart(budget)) : await tx.request(requestOf(operation, lids, basePath));
        if (answer.status >= 400) {
          outcome = { failedAt: index, status: answer.status, errors: errorsOf(answer.body, answer.status, operation.pointer) };
          throw new Error('roll back');
        }
        const body = isPlainObject(answer.body) ? answer.body : {};
        if (typeof lid === 'string' && isPlainObject(body.data)) lids.set(lid, String(body.data.id));
        results.push({ ...(body.data !== undefined ? { data: body.data } : {}), ...(body.meta !== undefined ? { meta: body.meta } : {}) });
      }
      return (outcome = { results });
    });
  } catch (error) {
    if (outcome && 'failedAt' in outcome) return outcome;
    throw error;
  }
}

/**
 * The response of a JSON:API Atomic Operations endpoint (`POST /operations`): the request must be
 * `application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"` (else 415) on an API in json-api
 * mode; the document is checked whole before anything runs (400/409 pointing at the member); the
 * operations run all or nothing. Success: 200 with `atomic:results` in order. Failure: the failing
 * operation's status and errors, their pointers under `/atomic:operations/<n>`; nothing is written.
 *
 * @example
 * @Post('/v1/operations') operations(@Body({ validate: false }) body: unknown) { return atomicOperationsResponse(api, body, '/v1'); }
 */
export async function atomicOperationsResponse(api: Api, document: unknown, basePath: string): Promise<ApiResponse> {
  const context = currentContext('atomicOperationsResponse()');
  const { config } = context.app;
  if (config.serializer !== 'json-api' || !isAtomicRequest(context.headers)) throw new ApiError('RCA_ATOMIC_MEDIA_TYPE', { serializer: config.serializer });
  if (context.depth > 0) throw new ApiError('RCA_BATCH_NESTED');
  const outcome = await runAtomicOperations(api, parseAtomicDocument(document, basePath, config.operations.max), basePath);
  const response = new ApiResponse(context).setHeaders({ 'content-type': ATOMIC_MEDIA_TYPE });
  if ('results' in outcome) return response.respond({ 'atomic:results': outcome.results });
  return response.setStatusCode(outcome.status).respond({ errors: outcome.errors });
}
