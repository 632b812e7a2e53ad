import type { CallOptions, CallResult } from './callTypes';
import { queryString } from './clientQuery';
import { nestDocument } from './jsonApiDocument';
import type { KeyCaseName } from './keyCase';
import type { EnvelopeName, Method, PathsOf, ResultKind, RouteOf, RouteTable } from './routeTable';

/**
 * What the client needs of the app at run time, written beside the route table by `rc-api client`:
 * the envelope, the key conversion, and each route's result kind.
 */
export interface RouteKinds<Tb extends RouteTable = RouteTable> {
  envelope: Tb['envelope'];
  keys: Tb['keys'];
  /** The includes each resource type is sent with unasked, for those that have any. */
  defaults?: Readonly<Record<string, readonly string[]>>;
  kinds: { readonly [route in keyof Tb['routes']]: ResultKind };
}

/** The options of `createClient()`: where the API is, the generated `routeKinds`, and how to send. */
export interface ClientOptions<Tb extends RouteTable> {
  /** The API's origin and prefix, as the routes are written under it (`https://api.example.com`). */
  baseUrl: string;
  /** The generated `routeKinds`. */
  routes: RouteKinds<Tb>;
  /** Another fetch (a test's, one with retries); the global one by default. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Headers of every call (a bearer token); a function is asked before each. */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** JSON:API: answer the document as it is (in `body`), not nested. */
  rawDocuments?: boolean;
}

/** A call to route `M path` with options `O`: typed by the table. */
type Call<Tb extends RouteTable, M extends Method> = <P extends PathsOf<Tb, M>, const O extends CallOptions<Tb, RouteOf<Tb, M, P>>>(
  path: P,
  ...options: RouteOf<Tb, M, P>['params'] extends never ? [options?: O] : [options: O]
) => Promise<CallResult<Tb, RouteOf<Tb, M, P>, O> & { body: unknown }>;

/** A client of an app built with this toolkit, typed by its route table. */
export interface Client<Tb extends RouteTable> {
  get: Call<Tb, 'GET'>;
  post: Call<Tb, 'POST'>;
  put: Call<Tb, 'PUT'>;
  patch: Call<Tb, 'PATCH'>;
  delete: Call<Tb, 'DELETE'>;
}

/**
 * A fetch-based client of the app whose route table `Tb` is (`rc-api client --out`): each call's
 * result follows its `include`, `fields` and aggregates, its filter and sort are checked against
 * the route's, and the query is written as the server parses it. Runs in browsers and Node 20+.
 *
 * @example
 * import { createClient } from 'routing-controllers-api/client';
 * import { routeKinds, type Routes } from './client.gen';
 * const client = createClient<Routes>({ baseUrl: 'http://localhost:3000', routes: routeKinds });
 * const book = await client.get('/v1/books/{id}', { params: { id: 1 }, include: ['author'] });
 * if (book.ok) console.log(book.data.author?.name);
 */
export function createClient<Tb extends RouteTable>(options: ClientOptions<Tb>): Client<Tb> {
  const call =
    (method: Method) =>
    (path: string, given: Record<string, unknown> = {}): Promise<unknown> =>
      send(options, method, path, given);
  return { get: call('GET'), post: call('POST'), put: call('PUT'), patch: call('PATCH'), delete: call('DELETE') } as unknown as Client<Tb>;
}

async function send<Tb extends RouteTable>(options: ClientOptions<Tb>, method: Method, path: string, given: Record<string, unknown>) {
  const { envelope, keys, kinds, defaults } = options.routes as RouteKinds & { envelope: EnvelopeName; keys: KeyCaseName; kinds: Record<string, ResultKind> };
  const params = (given.params ?? {}) as Record<string, string | number>;
  const target = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new TypeError(`${method} ${path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(params[name]));
  });
  const query = queryString(given, envelope);
  const mediaType = envelope === 'json-api' ? 'application/vnd.api+json' : 'application/json';
  const shared = typeof options.headers === 'function' ? await options.headers() : options.headers;
  const headers: Record<string, string> = { accept: mediaType, ...shared, ...(given.headers as Record<string, string> | undefined) };
  const init: RequestInit = { method, headers };
  if (given.body !== undefined) {
    headers['content-type'] = mediaType;
    init.body = JSON.stringify(given.body);
  }
  const response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/$/, '')}${target}${query ? `?${query}` : ''}`, init);
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok) return { ok: false, status: response.status, error: body, body, headers: response.headers };
  const kind = kinds[`${method} ${path}`] ?? 'body';
  const include = (given.include as readonly string[] | undefined) ?? [];
  return {
    ok: true,
    status: response.status,
    ...dataOf(body, kind, envelope, keys, options.rawDocuments === true, include, defaults ?? {}),
    body,
    headers: response.headers,
  };
}

/** The data and the page meta of a successful answer, by the route's result kind and the envelope. */
function dataOf(
  body: unknown,
  kind: ResultKind,
  envelope: EnvelopeName,
  keys: KeyCaseName,
  raw: boolean,
  include: readonly string[],
  defaults: Readonly<Record<string, readonly string[]>>,
): { data: unknown; meta: unknown } {
  const document = (body ?? {}) as { data?: unknown; meta?: unknown };
  if (kind === 'body') return { data: body, meta: undefined };
  if (envelope === 'json-api') return { data: raw ? document.data : nestDocument(document, keys, include, defaults), meta: document.meta };
  if (kind === 'item' && envelope === 'array') return { data: body, meta: undefined };
  return { data: document.data, meta: document.meta };
}
