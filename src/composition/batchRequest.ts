import { ApiError } from '../errors/ApiError';
import { isPlainObject } from '../config/deepMerge';
import type { HttpMethod } from '../dispatcher/Api';
import { isProtocolRelative } from '../dispatcher/urlPolicy';
import { longerThan } from '../validation/characters';
import { referencedIds, referencesIn } from './references';

/** One request of a batch, as a client sends it. */
export interface BatchItem {
  /** Names the answer for later references (`{{id.body.x}}`) and `depends_on`; default: its position. */
  id: string;
  method: HttpMethod;
  /** A path of this API, with its query: `/v1/books/{{book.body.id}}?include=author`. */
  url: string;
  body?: unknown;
  headers: Record<string, string>;
  /** Earlier requests that must have succeeded (2xx) for this one to run; references add theirs. */
  dependsOn: string[];
}

/** A parsed batch: its requests in order, and whether they run in one transaction. */
export interface BatchRequest {
  atomic: boolean;
  requests: BatchItem[];
}

const METHODS = new Set<string>(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Headers a batch request may set for itself; the rest come from the batch's own request (internal.forwardHeaders). */
export const BATCH_HEADERS: readonly string[] = ['accept', 'accept-language', 'if-match', 'if-none-match', 'content-type'];
const HEADERS = new Set(BATCH_HEADERS);
const KEYS = new Set(['id', 'method', 'url', 'body', 'headers', 'depends_on']);
/** The longest `url` a request may have, in characters (as JSON Schema's maxLength counts them). */
export const MAX_URL = 2048;
/** Characters no header value may hold (HTTP allows tab, which is refused too: nothing here needs it). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x1f\x7f]/;

const refuse = (pointer: string, reason: string) => new ApiError('RCA_BATCH_INVALID', { pointer, reason });

/**
 * Reads a batch document: `{ "atomic"?: boolean, "requests": [{ "id"?, "method", "url", "body"?,
 * "headers"?, "depends_on"? }] }`, at most `max` requests. Every request is checked before any
 * runs: a method it knows, a path of this API (never an absolute URL), unique ids, references and
 * dependencies on earlier requests only (so there can be no cycle). Anything else is a 400 naming
 * the member (`/requests/2/url`).
 *
 * @example
 * parseBatch({ requests: [{ method: 'GET', url: '/v1/books/1' }] }, 100);
 */
export function parseBatch(document: unknown, max: number): BatchRequest {
  if (!isPlainObject(document)) throw refuse('', 'the body must be an object with a "requests" list');
  const unknown = Object.keys(document).find((key) => key !== 'atomic' && key !== 'requests');
  if (unknown) throw refuse(`/${unknown}`, 'only "atomic" and "requests" are read');
  if (document.atomic !== undefined && typeof document.atomic !== 'boolean') throw refuse('/atomic', 'must be true or false');
  const { requests } = document;
  if (!Array.isArray(requests) || requests.length === 0) throw refuse('/requests', 'must be a list of at least one request');
  if (requests.length > max) throw refuse('/requests', `holds ${requests.length} requests, over the ${max} one batch may hold (operations.max)`);
  const seen = new Set<string>();
  const items = requests.map((request, index) => {
    const item = parseItem(request, index, seen);
    seen.add(item.id);
    return item;
  });
  return { atomic: document.atomic === true, requests: items };
}

function parseItem(request: unknown, index: number, earlier: ReadonlySet<string>): BatchItem {
  const at = `/requests/${index}`;
  if (!isPlainObject(request)) throw refuse(at, 'must be an object');
  const extra = Object.keys(request).find((key) => !KEYS.has(key));
  if (extra) throw refuse(`${at}/${extra}`, `is not read; a request has ${[...KEYS].join(', ')}`);
  const id = request.id === undefined ? String(index) : request.id;
  if (typeof id !== 'string' || !ID.test(id)) throw refuse(`${at}/id`, 'must be letters, digits, _ or -, at most 64');
  if (earlier.has(id)) throw refuse(`${at}/id`, `"${id}" names an earlier request already`);
  const method = typeof request.method === 'string' ? request.method.toUpperCase() : '';
  if (!METHODS.has(method)) throw refuse(`${at}/method`, `must be one of ${[...METHODS].join(', ')}`);
  const url = request.url;
  // The dispatcher's own reading: "/\\host" would be a protocol-relative URL there.
  if (typeof url !== 'string' || !url.startsWith('/') || isProtocolRelative(url) || longerThan(url, MAX_URL)) {
    throw refuse(`${at}/url`, `must be a path of this API starting with one "/" (not "//" or "/\\"), at most ${MAX_URL} characters`);
  }
  if (request.body !== undefined && (method === 'GET' || method === 'HEAD' || method === 'DELETE')) throw refuse(`${at}/body`, `${method} takes no body`);
  const dependsOn = readDependencies(request.depends_on, `${at}/depends_on`);
  for (const ref of new Set([...referencedIds(url), ...referencesIn(request.body)])) dependsOn.push(ref);
  const unknownId = dependsOn.find((ref) => !earlier.has(ref));
  if (unknownId !== undefined) throw refuse(at, `refers to "${unknownId}", which is not an earlier request of the batch`);
  return {
    id,
    method: method as HttpMethod,
    url,
    body: request.body,
    headers: readHeaders(request.headers, `${at}/headers`),
    dependsOn: [...new Set(dependsOn)],
  };
}

function readDependencies(value: unknown, pointer: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((ref) => typeof ref === 'string')) throw refuse(pointer, 'must be a list of request ids');
  return [...value];
}

function readHeaders(value: unknown, pointer: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw refuse(pointer, 'must be an object of header names and string values');
  const headers: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (!HEADERS.has(name.toLowerCase()) || typeof text !== 'string') {
      throw refuse(`${pointer}/${name}`, `only ${[...HEADERS].join(', ')} may be set, as strings`);
    }
    if (CONTROL.test(text)) throw refuse(`${pointer}/${name}`, 'a header value may not hold control characters');
    headers[name.toLowerCase()] = text;
  }
  return headers;
}
