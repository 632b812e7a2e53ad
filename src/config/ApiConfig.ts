/** How response keys are rewritten: `snake_case`, `camelCase`, or left as they are (`null`). */
export type KeyCase = 'snake' | 'camel' | null;

/** How `Date` values are written: ISO 8601, a format string (`YYYY-MM-DD HH:mm:ss`), a function, or untouched (`null`). */
// `string & {}` keeps 'iso8601' offered by editors beside any format string.
export type DateConversion = 'iso8601' | (string & Record<never, never>) | ((date: Date) => string) | null;

/** Which envelope wraps transformed data (CONTRACT 1.2). */
export type SerializerName = 'array' | 'data-array' | 'json-api';

/** JSON encoding flags, named after the original `jsonEncodeOption`. */
export interface JsonEncodeOption {
  pretty: boolean;
  escapeUnicode: boolean;
  escapeSlashes: boolean;
}

/** A body template whose `:code` and `:message` string values are replaced. */
export type MessageFormat = Record<string, unknown>;

/**
 * The complete, resolved configuration of routing-controllers-api. Every key has a default in
 * `config/api.ts`; a project overrides any part of it.
 *
 * @example
 * const config: ApiConfig = resolveConfig({ serializer: 'json-api', convert: { key: 'camel' } });
 */
export interface ApiConfig {
  debug: boolean;
  /** `url`: the public base URL of every absolute link and `Location` (also `APP_URL`); null: from the request. */
  app: { url: string | null };
  /** Honour `X-Forwarded-Proto` / `X-Forwarded-Host` from a proxy in front. */
  trustProxy: boolean;
  endpoint: { pattern: string; domain: string | null };
  include: {
    key: string;
    excludeKey: string;
    params: { limit: [number, number]; sort: [string, 'asc' | 'desc'] };
    maxDepth: number;
    maxLimit: number;
    maxPaths: number;
    maxResources: number;
  };
  /** Bounds of a client's `filter`: conditions in all (OR groups' included) and values of one `in` or `nin` list. */
  filter: { maxConditions: number; maxListSize: number };
  /**
   * `cursorSecret`: the key cursor tokens are sealed with (AES-256-GCM): a client can neither read a
   * position nor make one the API did not give out. null: a key this process makes, good in this
   * process only (set one when several processes serve the API). Also `API_CURSOR_SECRET`.
   */
  pagination: { cursorSecret: string | null };
  /** `maxBytes`: the most bytes one transformed response body may hold (400 over it). */
  response: { maxBytes: number };
  /** One policy for request bodies on both frameworks: size (413), nesting (400), media types (415). */
  body: { limit: number; maxDepth: number; types: Array<'json' | 'urlencoded'>; timeout: number };
  serializer: SerializerName;
  /**
   * What the toolkit's own reads hand to transformers (`paginate()`, `cursorPaginate()`,
   * `findOrFail()` on a GET, every include level): `'rows'`, the model's values under its attribute
   * names without building model instances, except for a model or transformer that needs instances;
   * `'instances'`, model instances everywhere (the behaviour of earlier releases).
   */
  readAs: 'rows' | 'instances';
  /**
   * A body field that writes an attribute the caller's policy makes read-only: `'refuse'`, a 422
   * naming it before the action; `'ignore'`, the field is dropped and the action runs with the rest.
   */
  readOnlyWrites: 'refuse' | 'ignore';
  jsonEncodeOption: JsonEncodeOption;
  successFormat: MessageFormat;
  errorFormat: MessageFormat;
  convert: { key: KeyCase; date: DateConversion };
  /** `enabled: false` turns JSONP off: `callback` is then an ordinary query parameter the library ignores. */
  jsonp: { enabled: boolean; param: string; maxLength: number };
  suppressResponseCode: boolean;
  transformer: { dir: string };
  internal: { domains: string[]; forwardHeaders: string[]; maxDepth: number };
  /**
   * `Server-Timing` on every response (db, transform, serialize, internal, remote, total). Resolved:
   * null in the file means on, except when NODE_ENV=production (`API_TIMING` wins).
   */
  timing: boolean | null;
  /** `header`: the request id's header (`x-request-id`); `trust`: take a caller's well-formed id (so does `trustProxy`). */
  requestId: { header: string; trust: boolean };
  /** `maxDuration`: milliseconds one `api.transaction()` may hold its lock or connection; past it, rolled back and answered 503. */
  transaction: { maxDuration: number };
  /** `POST` batches and atomic operations: the most operations one request may carry. */
  operations: { max: number };
  remote: { allowedHosts: string[] | null; timeout: number; maxContentLength: number; baseUrl: string | null; headers: Record<string, string> };
}

/** A partial configuration, as a project writes it: any key at any depth may be left out. */
export type ApiConfigInput = {
  [K in keyof ApiConfig]?: ApiConfig[K] extends unknown[] | ((...args: never[]) => unknown) | null
    ? ApiConfig[K]
    : ApiConfig[K] extends object
      ? Partial<ApiConfig[K]>
      : ApiConfig[K];
};
