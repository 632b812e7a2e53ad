/**
 * routing-controllers-api configuration.
 *
 * This is the documented default. `rc-api publish:config` copies it into your project as
 * `config/api.ts`; keep only the keys you change; everything else falls back to these values.
 * Options passed to `useApi(app, { api: {...} })` win over this file.
 */
import type { ApiConfigInput } from '../src/config/ApiConfig';

const config: ApiConfigInput = {
  // Adds a `debug` block (class, file, line, trace) to error bodies and shows 5xx messages.
  // Never on when NODE_ENV=production, whatever is written here. API_DEBUG=true turns it on.
  debug: false,

  app: {
    // The public base URL of every absolute link and Location header ('https://api.example.com').
    // The APP_URL environment variable wins. null: built from the request's protocol and Host
    // (a malformed Host is refused with 400). Set it in production: links then never depend on
    // what a client put in its Host header.
    url: null,
  },

  // Behind a load balancer or proxy that sets X-Forwarded-Proto / X-Forwarded-Host, true makes
  // links use them (the first value of each). Off by default: a client could send them itself.
  trustProxy: false,

  // What isApiRequest() treats as an API request: a path matching `pattern` (`*` is a wildcard),
  // or a host starting with `domain` (e.g. 'api.'), or an `X-Requested-With: XMLHttpRequest` header.
  endpoint: {
    pattern: 'v1/*',
    domain: null,
  },

  include: {
    // The query parameter that carries includes: ?include=author,comments:limit(3|0)
    key: 'include',
    // The query parameter that drops includes, default ones too (Fractal's): ?exclude=publisher,author.books
    excludeKey: 'exclude',
    // Defaults for an include that does not say: limit(3|0), sort(created_at|desc).
    params: {
      limit: [3, 0],
      sort: ['created_at', 'desc'],
    },
    // Guards against hostile include strings; anything beyond them is a 400 error.
    maxDepth: 10, // a.b.c... at most this many levels
    maxLimit: 100, // limit(n) at most this n
    maxPaths: 20, // at most this many include paths in one request
    // The work one response may do: resources transformed in all (the page itself and every
    // include). Before each include level is loaded, its upper bound (parents x limit) is checked
    // against what is left; over it is a 400 naming the budget. 5,000 holds a page of 100 books
    // with author, publisher and comments:limit(10) (1,300) several times over, while a path that
    // loops back on itself (books.publisher.books...) is refused a few levels in.
    maxResources: 5000,
  },

  filter: {
    // The conditions one request's filter may hold, OR groups' included: each is a comparison or an
    // EXISTS the database evaluates per row. 20 is three times the richest filter of the example's
    // README and keeps a statement's WHERE short.
    maxConditions: 20,
    // The values of one `in` or `nin` list (filter[id][in]=1,2,3).
    maxListSize: 100,
  },

  pagination: {
    // The key cursor tokens are sealed with (AES-256-GCM), at least 32 characters: a client can
    // neither read the position a token holds (a hidden column's value among its keys) nor invent or
    // edit one (a 400). Every process serving the API needs the same secret. null: each process makes
    // its own, so a token is good in the process that gave it out only (not after a restart, nor in
    // another worker of a cluster). API_CURSOR_SECRET sets it.
    cursorSecret: null,
  },

  response: {
    // The most bytes one transformed response (a collection, a page or an item, with all its
    // includes) may hold. The include walk adds up the size of what it has transformed after each
    // level, before the next one is loaded, and the encoded body is measured exactly before it is
    // sent; over the bound is a 400 naming it. 4 MiB is forty times the example's largest ordinary
    // answer (a page of 100 books with author, publisher and comments:limit(10): 100 kB), holds the
    // 5,000 resources of include.maxResources at 800 bytes each, and keeps a hundred such
    // responses in parallel under half a gigabyte of JSON text.
    maxBytes: 4 * 1024 * 1024,
  },

  // Request bodies, read the same way on Express and Koa (routing-controllers' own parsers are not used).
  body: {
    // Bytes a body may have, as sent and once decompressed (Content-Encoding gzip, deflate, br);
    // more of either is a 413, refused as soon as it is read (a gzip that inflates to nothing
    // cannot make the server read 200 MB first).
    limit: 100 * 1024,
    // Arrays and objects nested deeper than this are a 400, refused before anything walks them.
    maxDepth: 32,
    // Accepted media types: 'json' (application/json, application/*+json) and 'urlencoded'
    // (HTML forms). Any other is a 415; multipart/form-data is left to multer for file uploads.
    types: ['json'],
    // Milliseconds a body may take to arrive, from the first byte read to the last; a client that
    // trickles it is answered 408 and its connection closed, instead of holding it for Node's
    // 300 s request timeout. 10 s is far more than 100 KB needs on any working connection.
    timeout: 10_000,
  },

  // The envelope: 'array' (default), 'data-array' (items wrapped in `data`), 'json-api' (JSON:API 1.1).
  serializer: 'array',

  // What paginate(), cursorPaginate(), findOrFail() on a GET and every include level hand to
  // transformers: 'rows' (the model's values under its attribute names, no model instances built;
  // a model with getters, virtual attributes or methods of its own, or a transformer that declares
  // `instances = true`, still gets instances) or 'instances' (model instances everywhere).
  readAs: 'rows',

  // A request body that writes an attribute its caller's policy makes read-only (`readOnly`):
  // 'refuse' answers 422 naming each such field before the action runs; 'ignore' drops those fields
  // from the body and lets the action run with the rest.
  readOnlyWrites: 'refuse',

  // JSON encoding: pretty-print, escape non-ASCII as \uXXXX, escape "/" as "\/".
  jsonEncodeOption: {
    pretty: false,
    escapeUnicode: false,
    escapeSlashes: false,
  },

  // Body of json().success(); ':code' and ':message' are replaced by the status and the message.
  successFormat: { success: { code: ':code', message: ':message' } },

  // Body of every error response, built the same way.
  errorFormat: { error: { code: ':code', message: ':message' } },

  convert: {
    // Rewrites every key of a response body: 'snake' (default), 'camel', or null to leave keys alone.
    key: 'snake',
    // Rewrites every Date value: 'iso8601' (default), a format such as 'YYYY-MM-DD HH:mm:ss'
    // (tokens YYYY MM DD HH mm ss SSS, in UTC), a function (date) => string, or null.
    date: 'iso8601',
  },

  jsonp: {
    // true: a GET carrying ?callback=name answers JSONP; a name that is not dotted identifiers is a
    // 400, and so is a callback on a request that carries credentials (Authorization, a cookie, or
    // useApi()'s principalHeaders): a page of another site could read what the browser's credentials
    // may read. false (default): no JSONP at all; `callback` is an ordinary query parameter the
    // library leaves alone, and the OpenAPI document has no text/javascript answer.
    enabled: false,
    param: 'callback',
    maxLength: 128,
  },

  // When true, every response has HTTP status 200 and the real status stays in the body's `code`.
  suppressResponseCode: false,

  // Where `rc-api make:transformer` writes new transformers.
  transformer: {
    dir: 'src/transformers',
  },

  internal: {
    // Hosts whose absolute URLs Api#invoke() serves in process (routes bound to that domain).
    domains: [],
    // Headers an internal request inherits from the request that makes it.
    forwardHeaders: ['authorization', 'cookie', 'accept-language'],
    // How deep internal requests may nest (a route calling a route calling ...). A route that calls
    // itself stops here with a 508 Loop Detected instead of exhausting the heap. Composition rarely
    // needs more than 2 or 3 levels.
    maxDepth: 10,
  },

  // Server-Timing on every response: db (with the statement count), transform, serialize,
  // internal (internal calls, with their count), remote, and total, in milliseconds. Browsers show it
  // in their network panel. null: on, except when NODE_ENV=production; API_TIMING=true|false wins.
  // Timing reveals how long a request spends in the database: turn it on in production only where
  // that is not a concern (an internal API, or behind a proxy that strips the header).
  timing: null,

  requestId: {
    // Every response carries its request's id in this header; an internal call's is its caller's
    // with a suffix (abc.1, abc.2), remote calls send the caller's, and the log line and the debug
    // block of an error name it.
    header: 'x-request-id',
    // true: a caller's own id (letters, digits and . _ : -, at most 128) is kept instead of a new
    // one. Also when trustProxy is on: a proxy in front sets it. Off by default: a client could
    // otherwise write whatever it likes into your logs under an id of its choosing.
    trust: false,
  },

  transaction: {
    // Milliseconds one api.transaction() (an atomic batch, atomic operations, an action's own) may
    // hold its lock or connection, from BEGIN to its end. Past it the transaction is rolled back and
    // the request answers 503 with Retry-After: one client's heavy request cannot hold every other
    // writer (SQLite has one write lock) or a server's pool for as long as it likes. Keep it no longer than
    // the time a statement waits for a lock (the example's SQLite busy timeout and PostgreSQL
    // lock_timeout are 1000 ms), so that a writer queued behind a transaction gets its turn.
    maxDuration: 1000,
  },

  operations: {
    // Operations one POST /batch or JSON:API atomic-operations request may carry; more is a 400.
    max: 100,
  },

  remote: {
    // When set, remote requests go only to these hosts ('host' or 'host:port'); any other host is
    // refused before connecting, also for requests made through getRemoteClient(). null (the
    // default) lets absolute URLs reach any http(s) host, as the Api service promises; set it in
    // production whenever a URL can come from a client.
    allowedHosts: null,
    // A deadline over the whole remote call, in milliseconds: connecting, waiting and reading the
    // body (an upstream that trickles bytes is cut off too). Answered as 504.
    timeout: 10000,
    // The largest remote response body accepted, in bytes once decompressed; more is a 502.
    maxContentLength: 10 * 1024 * 1024,
    // Api#invokeRemote('/path') resolves a path against this URL.
    baseUrl: null,
    // Headers (an API token, say) sent with remote requests to baseUrl's origin, and to no other host.
    headers: {},
  },
};

export default config;
