import type { AppState } from '../context/RequestContext';
import { requestStorage } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { endWithStatus, startChildSpan } from '../observe/tracing';
import { dispatchInProcess } from './inProcess';
import type { ApiCallResponse } from './InternalHttpError';
import { INVALID_JSON, normalizeHeaders, parseBody } from './parseBody';

/** One internal call, its target resolved to a path of the app. */
export interface InternalCall {
  method: string;
  /** The path, with a query of its own when it had one. */
  path: string;
  /** The Host to send (an `internal.domains` host); default: the caller's. */
  host?: string;
  query: URLSearchParams;
  headers?: Record<string, string>;
  body?: unknown;
  /** Stops the call besides the caller's own signal: the time limit of the transaction it is made in. */
  signal?: AbortSignal;
  /** Set by `api.as()`: the principal the call runs as, instead of its caller's. */
  actingAs?: { principal: unknown };
}

/** The headers of an internal request: `internal.forwardHeaders` of the caller's, the call's own, Host and the body's type. */
function headersOf(app: AppState, call: InternalCall, body: Buffer | undefined) {
  const outer = requestStorage.getStore();
  const forwarded: Record<string, string> = {};
  for (const name of app.config.internal.forwardHeaders) {
    const value = outer?.headers[name.toLowerCase()];
    if (value !== undefined) forwarded[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  const own = normalizeHeaders(call.headers ?? {});
  // A JSON body keeps a JSON media type its caller chose (application/vnd.api+json, say).
  const type = /json/i.test(own['content-type'] ?? '') ? own['content-type'] : 'application/json';
  return normalizeHeaders({
    accept: 'application/json',
    ...forwarded,
    ...own,
    host: call.host ?? own.host ?? outer?.host ?? 'localhost',
    ...(body ? { 'content-type': type, 'content-length': body.length } : {}),
  });
}

/**
 * Into the app in process, in a fresh context: only `internal.forwardHeaders` come from outside.
 * The inner request is one level deeper (508 beyond `internal.maxDepth`), has its caller's id with
 * a suffix, and its span is a child of this call's; the caller's `Server-Timing` counts it as `internal`.
 * A call made outside any request (a test's, a script's) is a client's request instead: the app
 * resolves its principal from its headers, and it may be a batch or atomic operations.
 */
export async function sendInternal<T>(app: AppState, call: InternalCall): Promise<ApiCallResponse<T>> {
  const { method, path } = call;
  const outer = requestStorage.getStore();
  const depth = (outer?.depth ?? 0) + 1;
  if (depth > app.config.internal.maxDepth) {
    throw new ApiError('RCA_INTERNAL_LOOP', { depth, max: app.config.internal.maxDepth, method, path: path.split('?')[0].slice(0, 200) });
  }
  // A DELETE may carry a body too (a relationship's members to remove); GET and HEAD never do.
  const body = call.body !== undefined && method !== 'GET' && method !== 'HEAD' ? Buffer.from(JSON.stringify(call.body)) : undefined;
  const headers = headersOf(app, call, body);
  const search = call.query.toString();
  const url = search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
  const parentSpan = startChildSpan(outer?.observation.span, `internal ${method} ${path.split('?')[0]}`, { 'http.request.method': method });
  const protocol = outer?.origin.startsWith('https:') ? 'https' : 'http';
  const requestId = outer?.observation.nextChildId();
  // An internal call runs as its caller, unless the action said otherwise with api.as(): that is logged, every time.
  const principal = call.actingAs ? call.actingAs.principal : (outer?.principal ?? null);
  if (call.actingAs)
    app.logger?.info({ request_id: requestId, parent_id: outer?.requestId, method, path: path.split('?')[0] }, 'internal call as another principal');
  // Made from outside any request (a test, a script) and not as() anyone: a client's request, whose
  // principal the app resolves from its headers as over a socket.
  const origin =
    !outer && !call.actingAs ? ('client' as const) : { depth, protocol, requestId, parentId: outer?.requestId, parentSpan, budget: outer?.budget, principal };
  const done = outer?.observation.timer.begin('internal');
  const signal = call.signal && outer ? AbortSignal.any([outer.signal, call.signal]) : (call.signal ?? outer?.signal);
  let raw: Awaited<ReturnType<typeof dispatchInProcess>>;
  try {
    // The inner request must not see the outer request's store; it gets its own. run(undefined) rather
    // than exit(): exit() switches Node's promise hooks off and on again when this is the only storage.
    raw = await requestStorage.run(undefined as never, () => dispatchInProcess(app.listener(), { method, url, headers, body, origin, signal }));
  } catch (error) {
    endWithStatus(parentSpan, 499);
    throw error;
  } finally {
    done?.();
  }
  endWithStatus(parentSpan, raw.status);
  const parsed = parseBody(raw.body, raw.headers['content-type']);
  // The app's own answer: a route that mislabels text as JSON still gets its text back.
  return { status: raw.status, headers: raw.headers, body: (parsed === INVALID_JSON ? raw.body.toString('utf8') : parsed) as T };
}
