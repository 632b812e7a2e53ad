/** The methods the `Api` service sends. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Query values, or a JSON body: what a call sends. */
export type ApiParams = Record<string, unknown>;

/** A low-level call: `Api#request()`. */
export interface ApiRequestOptions {
  method: HttpMethod;
  /** A path of this app, or an absolute http(s) URL. */
  url: string;
  /** Sent as the query string. */
  query?: ApiParams;
  /** Sent as a JSON body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Always remote (through axios), even for a path (resolved against `remote.baseUrl`). */
  remote?: boolean;
  /** Always internal: an absolute URL must be one of `internal.domains`. */
  internal?: boolean;
}

/** Options of `api.transaction()`. */
export interface TransactionOptions {
  /**
   * Lets remote calls be made inside (they are refused otherwise): they are not part of the
   * transaction, and a rollback cannot undo what they did.
   */
  allowRemote?: boolean;
  /** Milliseconds the transaction may hold its lock or connection (default: `transaction.maxDuration`); past it, rolled back and a 503. */
  maxDuration?: number;
}

/** Query values as a query string: lists repeat their key, null and undefined are left out. */
export function toQuery(params: ApiParams | undefined): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  return query;
}

/** The methods whose `invoke()` parameters are sent as a JSON body (the others send them as the query). */
const HAS_BODY: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** A method and `invoke()`'s parameters as a call sends them: a body for POST, PUT and PATCH, else the query. */
export function callParams(method: string, params?: ApiParams): Pick<ApiRequestOptions, 'method' | 'query' | 'body'> {
  const upper = method.toUpperCase() as HttpMethod;
  return HAS_BODY.has(upper) ? { method: upper, body: params } : { method: upper, query: params };
}
