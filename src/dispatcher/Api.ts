import type { AxiosInstance } from 'axios';
import { Service } from 'typedi';
import type { ApiConfig } from '../config/ApiConfig';
import { resolveConfig } from '../config/resolveConfig';
import { AppState, requestStorage } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { apiStateOf } from '../context/appRegistry';
import { ApiResponse } from '../response/ApiResponse';
import { createResponseBody } from './createResponse';
import { getDefaultApp } from './defaultApp';
import type { ApiCallResponse } from './InternalHttpError';
import { sendInternal } from './internalRequest';
import { createRemoteClient, sendObservedRemote } from './remoteClient';
import { activeTransaction, inTransaction, TransactionState } from './transaction';
import { classify } from './urlPolicy';
import { callFailure, internalTarget, shownTarget } from './callFailure';
import { ApiParams, ApiRequestOptions, callParams, HttpMethod, toQuery, TransactionOptions } from './ApiRequestOptions';

export type { ApiParams, ApiRequestOptions, HttpMethod, TransactionOptions };

/** The configuration of remote calls made before any app is wired: resolved once. */
let appLessConfig: ApiConfig | undefined;

/** One remote client per app configuration: the TypeDI singleton serves every app of a process. */
const remoteClients = new WeakMap<ApiConfig, AxiosInstance>();

/**
 * Calls routes of the same app in process, without a socket (HMVC), and the same calls on remote
 * hosts through axios when given an absolute URL. Each internal request runs in a context of its
 * own; only the headers in `internal.forwardHeaders` pass from the calling request.
 *
 * @example
 * const api = Container.get(Api);
 * const book = await api.get<{ id: number; title: string }>('/v1/books/1', { include: 'author' });
 * const created = await api.post('/v1/books', { title: 'Dune', author_id: 1, publisher_id: 2 });
 */
@Service()
export class Api {
  private app?: AppState;
  /** Set on the Api a transaction's work receives: its calls' failures roll the transaction back. */
  private transactionState?: TransactionState;
  /** Set by as(): the principal its internal calls run as, instead of the calling request's. */
  private actingAs?: { principal: unknown };

  /** An Api bound to one app (an Express or Koa app wired with useApi()). */
  forApp(app: unknown): Api {
    const state = apiStateOf(app);
    if (!state) throw new ApiError('RCA_API_NO_APP');
    const bound = new Api();
    bound.app = state;
    return bound;
  }

  /**
   * This Api with its internal calls made as `principal` instead of as the calling request's
   * principal: for an action that must do what its caller may not (a sign-up that creates the
   * account, a job that runs as a service user). Nothing else gains that right: without as(), an
   * internal call, a batch item or an atomic operation runs as its caller. Each call made so is
   * logged (useApi's `logger`, `internal call as another principal`). Remote calls send nothing new.
   *
   * @example
   * await api.as(SYSTEM_USER).post('/v1/accounts', { email });
   */
  as(principal: unknown): Api {
    const bound = new Api();
    bound.app = this.app;
    bound.transactionState = this.transactionState;
    bound.actingAs = { principal };
    return bound;
  }

  get<T = unknown>(path: string, query?: ApiParams): Promise<T> {
    return this.call<T>({ method: 'GET', url: path, query });
  }

  post<T = unknown>(path: string, body?: unknown): Promise<T> {
    return this.call<T>({ method: 'POST', url: path, body });
  }

  put<T = unknown>(path: string, body?: unknown): Promise<T> {
    return this.call<T>({ method: 'PUT', url: path, body });
  }

  patch<T = unknown>(path: string, body?: unknown): Promise<T> {
    return this.call<T>({ method: 'PATCH', url: path, body });
  }

  delete<T = unknown>(path: string): Promise<T> {
    return this.call<T>({ method: 'DELETE', url: path });
  }

  /** Resolves with null (a HEAD has no body); use request() for the headers. */
  head(path: string): Promise<null> {
    return this.call<null>({ method: 'HEAD', url: path });
  }

  /** An internal request; an absolute URL must name one of `internal.domains` (sent as Host). */
  invoke<T = unknown>(url: string, method: HttpMethod | Lowercase<HttpMethod>, params?: ApiParams): Promise<T> {
    return this.call<T>({ ...callParams(method, params), url, internal: true });
  }

  /** A remote request through axios, whatever the URL. */
  invokeRemote<T = unknown>(url: string, method: HttpMethod | Lowercase<HttpMethod>, params?: ApiParams): Promise<T> {
    return this.call<T>({ ...callParams(method, params), url, remote: true });
  }

  /** The axios instance used for remote requests (of the current app), for its other features. */
  getRemoteClient(): AxiosInstance {
    const config = this.config();
    let client = remoteClients.get(config);
    if (!client) remoteClients.set(config, (client = createRemoteClient(config)));
    return client;
  }

  /**
   * Runs `work` in one database transaction of the app's `sequelize` (useApi's option): every
   * statement of the internal calls made with `tx`, and of the calls those make, is part of it.
   * It commits when `work` resolves; it rolls back when `work` throws or when any call made with
   * `tx` answered >= 400 (caught or not: the first such answer is then thrown). Remote calls inside
   * are refused (409) unless `allowRemote`. Inside a transaction already, `work` joins it. One that
   * is still running `transaction.maxDuration` ms after it began is rolled back: its calls stop and
   * it throws a 503 (RCA_TRANSACTION_TIMEOUT). On SQLite it takes the write lock as it begins.
   *
   * @example
   * await api.transaction(async (tx) => {
   *   const book = await tx.post<{ id: number }>('/v1/books', { title: 'Dune', author_id: 1, publisher_id: 1 });
   *   await tx.put(`/v1/books/${book.id}`, { out_of_print: true });
   * });
   */
  async transaction<T>(work: (tx: Api) => Promise<T>, { allowRemote = false, maxDuration }: TransactionOptions = {}): Promise<T> {
    const app = this.resolveApp();
    if (!app.sequelize) throw new ApiError('RCA_TRANSACTION_NO_DATABASE');
    const limits = { allowRemote, maxDuration: maxDuration ?? app.config.transaction.maxDuration };
    return inTransaction(app.sequelize, limits, (state) => {
      const tx = new Api();
      tx.app = app;
      tx.transactionState = state;
      return work(tx);
    });
  }

  /** A response builder with `{ status, code, message, data }` (see createResponseBody). */
  createResponse(data: unknown, status = 200): ApiResponse {
    return new ApiResponse().setStatusCode(status).respond(createResponseBody(data, status));
  }

  /** The answer whatever its status: `{ status, headers, body }`. */
  async request<T = unknown>(options: ApiRequestOptions): Promise<ApiCallResponse<T>> {
    const config = this.config();
    const method = options.method.toUpperCase() as HttpMethod;
    const query = toQuery(options.query);
    const target = options.remote ? null : options.internal ? internalTarget(options.url, config) : classify(options.url, config);
    if (target?.kind === 'internal') {
      const signal = this.transactionState?.signal;
      const call = { method, path: target.path, host: target.host, query, headers: options.headers, body: options.body, signal, actingAs: this.actingAs };
      return this.noteFailure(await sendInternal<T>(this.resolveApp(), call), options);
    }
    const transaction = activeTransaction();
    if (transaction && !transaction.allowRemote) throw new ApiError('RCA_TRANSACTION_REMOTE', { method, target: shownTarget(options, config) });
    // Forced remote calls keep their URL as given: a path is resolved against remote.baseUrl.
    const url = target ? target.url.href : options.url;
    const call = { method, url, headers: options.headers ?? {}, query, body: options.body };
    return sendObservedRemote(this.getRemoteClient(), call, config) as Promise<ApiCallResponse<T>>;
  }

  /** A call of a transaction's Api that answered >= 400 dooms the transaction, even if its caller goes on. */
  private noteFailure<T>(response: ApiCallResponse<T>, options: ApiRequestOptions): ApiCallResponse<T> {
    if (this.transactionState && response.status >= 400) {
      this.transactionState.failure ??= callFailure(response, options, this.config());
    }
    return response;
  }

  private async call<T>(options: ApiRequestOptions): Promise<T> {
    const response = await this.request<T>(options);
    if (response.status >= 400) throw callFailure(response, options, this.config());
    return response.body;
  }

  private resolveApp(): AppState {
    const app = this.app ?? requestStorage.getStore()?.app ?? getDefaultApp();
    if (app === 'several') throw new ApiError('RCA_API_SEVERAL_APPS');
    if (!app) throw new ApiError('RCA_API_NO_APP');
    return app;
  }

  /** The config of remote calls: the app's; outside a request with no app (or several) chosen, the project's own. */
  private config(): ApiConfig {
    const app = this.app ?? requestStorage.getStore()?.app ?? getDefaultApp();
    return app && app !== 'several' ? app.config : (appLessConfig ??= resolveConfig());
  }
}
