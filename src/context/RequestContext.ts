import type { SharedBudget } from './SharedBudget';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestListener } from 'node:http';
import type { RoutingControllersOptions } from 'routing-controllers';
import type { Model, ModelStatic, Sequelize } from 'sequelize';
import type { ApiConfig } from '../config/ApiConfig';
import { ApiError } from '../errors/ApiError';
import type { ApiLogger } from '../observe/ApiLogger';
import type { RequestObservation } from '../observe/RequestObservation';
import type { RouteRegistry } from '../routing/RouteRegistry';
import type { ActionApiMetadata } from '../metadata/actionMetadata';
import type { TransformerLike } from '../metadata/transformerLike';
import type { DocumentResource } from './DocumentResource';
import type { Policy } from '../policy/definePolicy';
import type { ResolvedRules } from '../policy/ResolvedRules';

/** The frameworks `useApi()` wires: Express (4 and 5) and Koa. */
export type FrameworkName = 'express' | 'koa';

/** Called once for every error response, with its status; the default logs 5xx to stderr. */
export type ErrorListener = (error: unknown, status: number) => void;

/**
 * The record of the action a request runs: its metadata and its transformer (made once per request,
 * shared by the query check, the loader and the response). src/query adds the parsed request query
 * to it (module augmentation, as hono's ContextVariableMap), so that this layer imports nothing above it.
 *
 * @example
 * const { metadata, transformer, query } = currentContext().action!;
 */
export interface ActionCall {
  readonly metadata: ActionApiMetadata;
  readonly transformer: TransformerLike | undefined;
}

/** What one app wired with useApi() shares with all of its requests. */
export interface AppState {
  readonly framework: FrameworkName;
  readonly config: ApiConfig;
  readonly routes: RouteRegistry;
  /** The app as a Node request listener, for internal requests. */
  readonly listener: () => RequestListener;
  /** The controllers, route prefix and validation given to useApi(), for the OpenAPI document. */
  readonly controllers?: Pick<RoutingControllersOptions, 'controllers' | 'routePrefix' | 'validation'>;
  /** useApi()'s `onError`: hears every error response, a 5xx built with json().error() too. */
  readonly onError?: ErrorListener;
  /** useApi()'s `logger`: one line per request, and the errors `onError` does not take. */
  readonly logger?: ApiLogger;
  /** useApi()'s `sequelize`: the database of `api.transaction()`. */
  readonly sequelize?: Sequelize;
  /** useApi()'s `policies`, by the model each governs. */
  readonly policies?: ReadonlyMap<unknown, Policy>;
  /** The model of each transformer class the routes reach (declared, or learnt when the app started), by class. */
  readonly transformerModels?: ReadonlyMap<object, ModelStatic<Model>>;
  /** With policies, the request headers the principal is read from, sent in `Vary` (useApi's `principalHeaders`). */
  readonly varyBy?: readonly string[];
  /** Who is asking: useApi()'s `principal`, else routing-controllers' `currentUserChecker`; absent: nobody is resolved. */
  readonly principal?: PrincipalResolver;
}

/** The framework's request as useApi()'s `principal` resolver and `currentUserChecker` get it. */
export interface PrincipalAction {
  request: unknown;
  response: unknown;
  /** Koa's context (absent on Express). */
  context?: unknown;
}

/** Answers who is asking (null or undefined for nobody); may be async (a token verified). */
export type PrincipalResolver = (action: PrincipalAction) => unknown;

/**
 * The framework-neutral view of the request being handled. One is created per request (and per
 * internal request), never shared; the action it runs and its JSON:API document are typed members.
 */
export interface RequestContext {
  readonly app: AppState;
  readonly method: string;
  readonly path: string;
  /** The raw query string without `?`, exactly as received. */
  readonly search: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** `http://host:port` for absolute links: `app.url` when set, else the client's protocol and host. */
  readonly origin: string;
  /** The Host the client used (`X-Forwarded-Host` with `trustProxy`), as received. */
  readonly host: string;
  /** The parsed request body, when a body parser has run; undefined otherwise. */
  readonly body: () => unknown;
  /**
   * The action this request runs, recorded and frozen by the integration layer before the action
   * runs; undefined outside a routed action (a response made in a middleware).
   */
  action: ActionCall | undefined;
  /** What the request's JSON:API document says beyond its fields, once its body was read in json-api mode. */
  document: DocumentResource | undefined;
  /** How many internal calls deep this request is: 0 for a client's request. */
  readonly depth: number;
  /**
   * Who is asking (useApi()'s `principal` resolver's answer), null for nobody; set before the action
   * runs. An internal request has its caller's.
   */
  principal: unknown;
  /** The principal's policy rules by model, resolved as first needed (see rulesFor()). */
  policyRules: Map<unknown, ResolvedRules> | undefined;
  /** Aborted when the client goes away before the answer is written; internal and remote calls follow it. */
  readonly signal: AbortSignal;
  /** Sent back as `X-Request-Id`; an internal call's is its caller's with a suffix (`abc.1`). */
  readonly requestId: string;
  /** Timings and the route of this request, for `Server-Timing` and the log line. */
  readonly observation: RequestObservation;
  /** What this request and the internal requests made for it may still be answered with; an internal request has its caller's. */
  readonly budget: SharedBudget;
}

/** What parsing a request's query reads of its context: the query itself, the method and the app's config. */
export type QuerySource = Pick<RequestContext, 'method' | 'search' | 'query' | 'app'> & Partial<Pick<RequestContext, 'principal'>>;

/** The store behind json(), route() and the helpers. */
export const requestStorage = new AsyncLocalStorage<RequestContext>();

/**
 * The context of the request being handled.
 *
 * @example
 * const { method, path } = currentContext('myHelper()');
 */
export function currentContext(call = 'this call'): RequestContext {
  const context = requestStorage.getStore();
  if (!context) throw new ApiError('RCA_NO_REQUEST_CONTEXT', { call });
  return context;
}

/** One query parameter as a string, or a list when given several times or as `name[]`. */
export function queryValue(context: QuerySource, name: string): string | string[] | undefined {
  const values = [...context.query.getAll(name), ...context.query.getAll(`${name}[]`)];
  if (values.length === 0) return undefined;
  return values.length === 1 && !context.query.has(`${name}[]`) ? values[0] : values;
}

/** A single-valued query parameter; the last one wins when repeated. */
export function queryString(context: QuerySource, name: string): string | undefined {
  const values = context.query.getAll(name);
  return values.length ? values[values.length - 1] : undefined;
}
