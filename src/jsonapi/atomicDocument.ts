import contentType from 'content-type';
import { isPlainObject } from '../config/deepMerge';
import type { RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { checkIdentifier, checkResourceMembers, invalid, segment } from './atomicMembers';
import { JSON_API_MEDIA_TYPE } from './errorDocument';

/** The URI of JSON:API's Atomic Operations extension. */
export const ATOMIC_EXTENSION = 'https://jsonapi.org/ext/atomic';

/** The media type of an atomic request and of its answer. */
export const ATOMIC_MEDIA_TYPE = `${JSON_API_MEDIA_TYPE}; ext="${ATOMIC_EXTENSION}"`;

/** A resource of the document: by server id, or by the local id an earlier `add` gave it. */
export interface ResourceRef {
  type: string;
  id?: string;
  lid?: string;
  /** Set when the operation targets a relationship of the resource. */
  relationship?: string;
}

/** One operation, checked for shape; local ids are resolved when it runs. */
export interface AtomicOperation {
  op: 'add' | 'update' | 'remove';
  /** What the operation targets: from `ref`, from `href` (`/books/1`), or for an `add`, from `data`. */
  ref: ResourceRef;
  /** `data` as sent: a resource object, or a relationship's linkage. */
  data: unknown;
  /** `/atomic:operations/<n>`: where this operation's errors point. */
  pointer: string;
}

const OPS = new Set(['add', 'update', 'remove']);
const KEYS = new Set(['op', 'ref', 'href', 'data', 'meta']);
const REF_KEYS = new Set(['type', 'id', 'lid', 'relationship']);

/** True when the request's Content-Type names the atomic extension: its body is an operations document, not a resource document. */
export function isAtomicRequest(headers: RequestContext['headers']): boolean {
  const type = headers['content-type'];
  if (typeof type !== 'string' || !type.toLowerCase().startsWith(JSON_API_MEDIA_TYPE)) return false;
  try {
    return (contentType.parse(type).parameters.ext ?? '').split(/\s+/).includes(ATOMIC_EXTENSION);
  } catch {
    return false;
  }
}

/**
 * Reads `{ "atomic:operations": [...] }`: at most `max` operations, each `add`, `update` or
 * `remove` with a target (`ref`, `href` or an added resource's `data`), checked before any runs.
 * A malformed member is a 400 pointing at it (`/atomic:operations/3/op`); `ref` and `data` of two
 * types is a 409.
 *
 * @example
 * parseAtomicDocument({ 'atomic:operations': [{ op: 'remove', ref: { type: 'books', id: '1' } }] }, '/v1', 100);
 */
export function parseAtomicDocument(document: unknown, basePath: string, max: number): AtomicOperation[] {
  if (!isPlainObject(document) || !Array.isArray(document['atomic:operations'])) throw invalid('', 'the body must be { "atomic:operations": [ ... ] }');
  const operations = document['atomic:operations'] as unknown[];
  if (operations.length === 0) throw invalid('/atomic:operations', 'must hold at least one operation');
  if (operations.length > max)
    throw invalid('/atomic:operations', `holds ${operations.length} operations, over the ${max} one request may hold (operations.max)`);
  const extra = Object.keys(document).find((key) => !['atomic:operations', 'jsonapi', 'meta'].includes(key));
  if (extra) throw invalid(`/${segment(extra)}`, 'is not a member of an atomic operations document');
  for (const member of ['jsonapi', 'meta'])
    if (document[member] !== undefined && !isPlainObject(document[member])) throw invalid(`/${member}`, 'must be an object');
  // Every operation's shape is checked before a type conflict (409) of an earlier one is answered.
  let conflict: ApiError | undefined;
  const parsed = operations.map((operation, index) => {
    try {
      return parseOperation(operation, `/atomic:operations/${index}`, basePath);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'RCA_JSONAPI_CONFLICT') throw error;
      conflict ??= error;
      return undefined;
    }
  });
  if (conflict) throw conflict;
  return parsed as AtomicOperation[];
}

function parseOperation(operation: unknown, pointer: string, basePath: string): AtomicOperation {
  if (!isPlainObject(operation)) throw invalid(pointer, 'an operation must be an object');
  const extra = Object.keys(operation).find((key) => !KEYS.has(key));
  if (extra) throw invalid(`${pointer}/${segment(extra)}`, 'is not a member of an operation');
  if (operation.meta !== undefined && !isPlainObject(operation.meta)) throw invalid(`${pointer}/meta`, 'must be an object');
  const { op, data } = operation;
  if (typeof op !== 'string' || !OPS.has(op)) throw invalid(`${pointer}/op`, 'must be "add", "update" or "remove"');
  if (operation.ref !== undefined && operation.href !== undefined) throw invalid(pointer, 'ref and href cannot both be given');
  const ref =
    operation.ref !== undefined
      ? readRef(operation.ref, `${pointer}/ref`)
      : operation.href !== undefined
        ? readHref(operation.href, `${pointer}/href`, basePath)
        : undefined;
  if (op === 'remove' && data !== undefined && !ref?.relationship) throw invalid(`${pointer}/data`, 'removing a resource takes no data');
  if (op !== 'remove' && data === undefined) throw invalid(`${pointer}/data`, `"${op}" needs data`);
  const target = ref ?? (op === 'add' ? addTarget(data, `${pointer}/data`) : undefined);
  if (!target) throw invalid(pointer, `"${op}" needs a ref (or href) naming its target`);
  if (op === 'add' && target.relationship === undefined && (target.id !== undefined || target.lid !== undefined) && ref) {
    throw invalid(`${pointer}/ref`, 'an added resource is named by its data, not by a ref');
  }
  if (op !== 'add' && !target.relationship && target.id === undefined && target.lid === undefined) throw invalid(`${pointer}/ref`, 'needs an id or a lid');
  if (target.relationship !== undefined) checkLinkage(op, data, target, pointer);
  else if (op !== 'remove') checkDataType(data, target, `${pointer}/data`);
  return { op: op as AtomicOperation['op'], ref: target, data, pointer };
}

/** A `ref`: `{ type, id | lid, relationship? }`. */
function readRef(value: unknown, pointer: string): ResourceRef {
  if (!isPlainObject(value)) throw invalid(pointer, 'must be an object');
  const extra = Object.keys(value).find((key) => !REF_KEYS.has(key));
  if (extra) throw invalid(`${pointer}/${segment(extra)}`, 'is not a member of a ref');
  const { type, id, lid, relationship } = value;
  if (type === undefined) throw invalid(`${pointer}/type`, 'is required');
  for (const [member, text] of Object.entries({ type, id, lid, relationship })) {
    if (text === undefined) continue;
    if (typeof text !== 'string') throw invalid(`${pointer}/${member}`, 'must be a string');
    if (!text)
      throw invalid(`${pointer}/${member}`, `must name a ${member === 'relationship' ? 'relationship' : member === 'type' ? 'type' : 'resource'}: it is empty`);
  }
  if (id !== undefined && lid !== undefined) throw invalid(pointer, 'id and lid cannot both be given');
  return { type: type as string, id: id as string | undefined, lid: lid as string | undefined, relationship: relationship as string | undefined };
}

/** An `href` under the API's base path: `/books` (add), `/books/1` (a resource) or `/books/1/relationships/genres`. */
function readHref(value: unknown, pointer: string, basePath: string): ResourceRef {
  if (typeof value !== 'string') throw invalid(pointer, 'must be a string');
  const path = value.startsWith(`${basePath}/`) ? value.slice(basePath.length) : value;
  const match = /^\/([A-Za-z0-9_-]{1,64})(?:\/([A-Za-z0-9_-]{1,64})(?:\/relationships\/([A-Za-z0-9_-]{1,64}))?)?$/.exec(path);
  if (!match) throw invalid(pointer, `must be a path such as ${basePath}/books, ${basePath}/books/1 or ${basePath}/books/1/relationships/genres`);
  return match[3] === undefined ? { type: match[1], id: match[2] } : { type: match[1], id: match[2], relationship: match[3] };
}

/**
 * A relationship operation names its resource (by id or lid) and sends linkage: `add` and `remove`
 * a list of identifiers (members of a to-many relationship), `update` a list (to-many) or one
 * identifier or null (to-one).
 */
function checkLinkage(op: string, data: unknown, target: ResourceRef, pointer: string): void {
  if (target.id === undefined && target.lid === undefined) throw invalid(`${pointer}/ref`, 'a relationship is named by its resource: needs an id or a lid');
  if (Array.isArray(data)) return data.forEach((member, index) => checkIdentifier(member, `${pointer}/data/${index}`));
  if (op !== 'update')
    throw invalid(`${pointer}/data`, `"${op}" on a relationship takes a list of resource identifiers (the members of a to-many relationship)`);
  if (data !== null && !isPlainObject(data)) throw invalid(`${pointer}/data`, 'must be a list of resource identifiers, one resource identifier or null');
  if (data !== null) checkIdentifier(data, `${pointer}/data`);
}

/** The target of an `add` without a ref: the resource its data describes. */
function addTarget(data: unknown, pointer: string): ResourceRef {
  if (!isPlainObject(data) || typeof data.type !== 'string' || !data.type) throw invalid(`${pointer}/type`, 'an added resource needs a type');
  return { type: data.type };
}

/** A resource object's type must be the target's: another one is a 409, as JSON:API answers a mismatched type. */
function checkDataType(data: unknown, target: ResourceRef, pointer: string): void {
  if (!isPlainObject(data)) throw invalid(pointer, 'must be a resource object');
  if (typeof data.type !== 'string' || !data.type) throw invalid(`${pointer}/type`, 'a resource object needs a type');
  checkResourceMembers(data, pointer);
  if (data.type !== target.type) {
    throw new ApiError('RCA_JSONAPI_CONFLICT', {
      pointer: `${pointer}/type`,
      reason: `data.type is "${String(data.type).slice(0, 40)}", the operation targets "${target.type}"`,
    });
  }
}
