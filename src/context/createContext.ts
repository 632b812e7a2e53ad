import type { IncomingHttpHeaders } from 'node:http';
import { requestIdOf } from '../observe/requestId';
import { RequestObservation } from '../observe/RequestObservation';
import { SpanLike, startRequestSpan } from '../observe/tracing';
import { clientAddress, publicOrigin } from './publicAddress';
import type { AppState, RequestContext } from './RequestContext';

/** The parts of a request both frameworks expose, gathered by the integration layer. */
export interface RawRequest {
  method: string;
  /** Path and query as received: `/v1/books?page=2`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The connection's: `https` over TLS, else `http` (an internal request has its caller's). */
  protocol: string;
  /** The Host header. */
  host: string | undefined;
  /** The parsed body, once a body parser has run (read lazily: parsing happens after the context exists). */
  body?: () => unknown;
  /** Internal calls deep (0 or absent for a client's request). */
  depth?: number;
  /** Makes the signal aborted when the client goes away, on first use; absent: never aborted. */
  signal?: () => AbortSignal;
  /** An internal call's id, given by its caller; absent: the client's (when trusted) or a new one. */
  requestId?: string;
  /** The id of the request that made this internal call. */
  parentId?: string;
  /** The span of the internal call that made this request (tracing on). */
  parentSpan?: SpanLike;
}

/** The signal of a request nobody can abandon (a context built outside a server). */
const NEVER = new AbortController().signal;

/**
 * Builds the context of one request. Parsing the URL here, once, gives every framework the same
 * query semantics (`include[]=a` works on Koa too).
 */
export function createContext(app: AppState, raw: RawRequest): RequestContext {
  const { protocol, host } = clientAddress(app.config, raw.headers, raw.protocol, raw.host);
  const queryStart = raw.url.indexOf('?');
  const path = queryStart === -1 ? raw.url : raw.url.slice(0, queryStart);
  const search = queryStart === -1 ? '' : raw.url.slice(queryStart + 1);
  let signal: AbortSignal | undefined;
  const { requestId: idConfig, trustProxy } = app.config;
  const requestId = raw.requestId ?? requestIdOf(raw.headers, idConfig.header, trustProxy || idConfig.trust);
  const method = raw.method.toUpperCase();
  return {
    app,
    method,
    path: path || '/',
    search,
    query: new URLSearchParams(search),
    headers: raw.headers,
    origin: publicOrigin(app.config, protocol, host),
    host,
    body: raw.body ?? (() => undefined),
    slots: new Map(),
    depth: raw.depth ?? 0,
    requestId,
    observation: new RequestObservation(requestId, raw.parentId, startRequestSpan(method, path || '/', raw.headers, raw.parentSpan)),
    get signal() {
      return (signal ??= raw.signal ? raw.signal() : NEVER);
    },
  };
}
