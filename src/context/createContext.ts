import type { IncomingHttpHeaders } from 'node:http';
import { requestIdOf } from '../observe/requestId';
import { RequestObservation } from '../observe/RequestObservation';
import { SpanLike, startRequestSpan } from '../observe/tracing';
import { clientAddress, publicOrigin } from './publicAddress';
import type { DocumentResource } from './DocumentResource';
import type { ActionCall, AppState, RequestContext } from './RequestContext';
import type { SharedBudget } from './SharedBudget';
import type { ResolvedRules } from '../policy/ResolvedRules';

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
  /** An internal call's: its caller's budget, which its answer draws on too. */
  budget?: SharedBudget;
  /** An internal call's: its caller's principal, resolved already. */
  principal?: unknown;
}

/** The signal of a request nobody can abandon (a context built outside a server). */
const NEVER = new AbortController().signal;

/**
 * One request's context. A class, its getter on the prototype, not an object literal with a `signal`
 * getter: V8 keeps such a literal's accessor pair in its old generation, and the getter's closure
 * held the raw request, so every young collection kept the whole request alive and promoted it.
 */
class Context implements RequestContext {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly origin: string;
  readonly host: string;
  readonly body: () => unknown;
  action: ActionCall | undefined = undefined;
  document: DocumentResource | undefined = undefined;
  principal: unknown;
  policyRules: Map<unknown, ResolvedRules> | undefined = undefined;
  readonly depth: number;
  readonly requestId: string;
  readonly observation: RequestObservation;
  private readonly makeSignal: (() => AbortSignal) | undefined;
  private abortSignal: AbortSignal | undefined = undefined;
  private sharedBudget: SharedBudget | undefined;

  constructor(
    readonly app: AppState,
    raw: RawRequest,
  ) {
    const { protocol, host } = clientAddress(app.config, raw.headers, raw.protocol, raw.host);
    const queryStart = raw.url.indexOf('?');
    this.method = raw.method.toUpperCase();
    this.path = (queryStart === -1 ? raw.url : raw.url.slice(0, queryStart)) || '/';
    this.search = queryStart === -1 ? '' : raw.url.slice(queryStart + 1);
    this.query = new URLSearchParams(this.search);
    this.headers = raw.headers;
    this.origin = publicOrigin(app.config, protocol, host);
    this.host = host;
    this.body = raw.body ?? noBody;
    this.depth = raw.depth ?? 0;
    this.principal = raw.principal ?? null;
    const { requestId: idConfig, trustProxy } = app.config;
    this.requestId = raw.requestId ?? requestIdOf(raw.headers, idConfig.header, trustProxy || idConfig.trust);
    const span = startRequestSpan(this.method, this.path, raw.headers, raw.parentSpan);
    this.observation = new RequestObservation(this.requestId, raw.parentId, span);
    this.makeSignal = raw.signal;
    this.sharedBudget = raw.budget;
  }

  get budget(): SharedBudget {
    return (this.sharedBudget ??= { bytes: this.app.config.response.maxBytes, resources: this.app.config.include.maxResources });
  }

  get signal(): AbortSignal {
    return (this.abortSignal ??= this.makeSignal ? this.makeSignal() : NEVER);
  }
}

const noBody = () => undefined;

/**
 * Builds the context of one request. Parsing the URL here, once, gives every framework the same
 * query semantics (`include[]=a` works on Koa too).
 *
 * @example
 * const context = createContext(app, { method: 'GET', url: '/v1/books?page=2', headers: {}, protocol: 'http', host: 'localhost' });
 * context.query.get('page'); // '2'
 */
export function createContext(app: AppState, raw: RawRequest): RequestContext {
  return new Context(app, raw);
}
