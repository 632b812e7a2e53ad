/**
 * Every error this library throws, in one place: a stable code, the HTTP status it answers with,
 * and a message template whose `{name}` placeholders are filled from the error's details.
 * Only 4xx messages are ever shown to clients (unless debug is on).
 */
export const ERROR_REGISTRY = {
  RCA_INCLUDE_INVALID: { status: 400, template: 'Invalid include parameter "{parameter}": {reason}' },
  RCA_INCLUDE_BUDGET: {
    status: 400,
    template:
      'The include parameter asks for up to {requested} resources once "{path}" is loaded, over the {max} one response may hold: ' +
      'include fewer relations, lower their limit(n), or ask for a smaller page (per_page)',
  },
  RCA_EXCLUDE_INVALID: { status: 400, template: 'Invalid exclude parameter "{parameter}": {reason}' },
  RCA_JSONP_CALLBACK_INVALID: {
    status: 400,
    template: 'Invalid JSONP callback "{parameter}": it must be dotted JavaScript identifiers of at most {max} characters, not starting with a reserved word',
  },
  RCA_JSONP_CREDENTIALS: {
    status: 400,
    template: 'JSONP is not served to a request that carries credentials ({headers}): send it without them, or fetch the JSON',
  },
  RCA_JSONAPI_PARAMETER: { status: 400, template: 'The query parameter "{parameter}" is reserved by JSON:API and not supported here' },
  RCA_JSONAPI_DOCUMENT: { status: 400, template: 'The request body is not a JSON:API resource document: {reason}' },
  RCA_JSONAPI_CONFLICT: { status: 409, template: 'The request document does not match this endpoint: {reason}' },
  RCA_RELATIONSHIP_DOCUMENT: { status: 400, template: 'The request body is not a relationship document at "{pointer}": {reason}' },
  RCA_RELATED_NOT_FOUND: { status: 404, template: 'No {type} with the id {ids}: a relationship names only resources that exist' },
  RCA_JSONAPI_CLIENT_ID: { status: 403, template: 'Client-generated ids are not supported: leave data.id out when creating a resource' },
  RCA_JSONAPI_NOT_ACCEPTABLE: {
    status: 406,
    template: 'Accept names application/vnd.api+json only with parameters other than ext and profile; accept it without them',
  },
  RCA_JSONAPI_MEDIA_TYPE: { status: 415, template: 'application/vnd.api+json takes no parameters but ext and profile; got {parameters}' },
  RCA_FIELDS_INVALID: { status: 400, template: 'Invalid fields parameter "{parameter}": {reason}' },
  RCA_SORT_INVALID: { status: 400, template: 'Invalid sort parameter "{parameter}": {reason}' },
  RCA_FILTER_INVALID: { status: 400, template: 'Invalid filter parameter "{parameter}": {reason}' },
  RCA_PAGINATION_INVALID: { status: 400, template: 'Invalid pagination parameter "{parameter}": {reason}' },
  RCA_QUERY_PARAMETER: { status: 400, template: 'The query parameter "{parameter}" is not read in that form; write it as {example}' },
  RCA_RESPONSE_TOO_LARGE: {
    status: 400,
    template:
      'The response would be larger than the {max} bytes one response may hold (response.maxBytes): ' +
      'include fewer relations, lower their limit(n), ask for fewer fields, or ask for a smaller page (per_page)',
  },
  RCA_SHARED_BUDGET: {
    status: 400,
    template:
      'This answer would take the answers of one request (a batch or atomic operations request and every request it runs) ' +
      'over what they may hold together (response.maxBytes and include.maxResources); {left} were left: ' +
      'send fewer requests in one, or ask each for less',
  },
  RCA_BODY_MALFORMED: { status: 400, template: 'The request body is not valid JSON' },
  RCA_BODY_TOO_DEEP: { status: 400, template: 'The request body nests arrays and objects deeper than {max} levels' },
  RCA_BODY_FORBIDDEN_KEY: { status: 400, template: 'The request body contains a key that is never accepted (__proto__ or constructor)' },
  RCA_BODY_ENCODING_INVALID: { status: 400, template: 'The request body could not be decoded as {encoding}' },
  RCA_BODY_TOO_LARGE: { status: 413, template: 'The request body is larger than the {limit} bytes accepted' },
  RCA_BODY_REQUIRED: { status: 400, template: '{method} needs a request body' },
  RCA_BODY_NOT_OBJECT: { status: 422, template: 'The request body must be a JSON object' },
  RCA_BODY_TIMEOUT: { status: 408, template: 'The request body did not arrive within {timeout} ms' },
  RCA_BODY_MEDIA_TYPE: { status: 415, template: 'The request body must be {accepted}; got "{type}"' },
  RCA_BODY_CHARSET: { status: 415, template: 'The request body must be UTF-8; got charset "{charset}"' },
  RCA_BODY_ENCODING_UNSUPPORTED: { status: 415, template: 'Content-Encoding "{encoding}" is not accepted: send identity, gzip, deflate or br' },
  RCA_METHOD_NOT_ALLOWED: { status: 405, template: '{method} is not allowed on {path}; allowed: {allowed}' },
  RCA_PRECONDITION_FAILED: {
    status: 412,
    template: 'The resource has changed since the ETag given in If-Match was issued (or is gone): fetch it again and retry',
  },
  RCA_HOST_INVALID: { status: 400, template: 'The Host header is not a valid host name' },
  RCA_ROUTE_NOT_FOUND: { status: 404, template: 'No route matches {method} {path}' },
  RCA_NO_REQUEST_CONTEXT: { status: 500, template: '{call} was used outside of a request handled by useApi()' },
  RCA_ROUTE_NAME_UNKNOWN: { status: 500, template: 'No route is named "{name}"' },
  RCA_ROUTE_PARAM_MISSING: { status: 500, template: 'Route "{name}" needs the parameter "{param}"' },
  RCA_TRANSFORMER_INCLUDE_METHOD: {
    status: 500,
    template: '{transformer} lists the include "{include}" but has no method {method}()',
  },
  RCA_TRANSFORMER_RESULT: { status: 500, template: '{transformer}.{method}() must return this.item(), this.collection() or this.null()' },
  RCA_FILTER_UNMAPPED: { status: 500, template: '@Filterable field "{field}" of {model} cannot be filtered: {reason}' },
  RCA_SORT_UNMAPPED: {
    status: 500,
    template: 'The sort field "{field}" is allowed but {model} has no attribute of that name: map it in the transformer\'s columns',
  },
  RCA_AGGREGATE_UNMAPPED: {
    status: 500,
    template: 'The aggregate column "{field}" is allowed but {model} has no attribute of that name: map it in the transformer\'s columns',
  },
  RCA_CURSOR_ORDER_INVALID: { status: 500, template: 'cursorPaginate() of {model} orders by [attribute, ASC|DESC] pairs of the model: {reason}' },
  RCA_CURSOR_KEY_NULL: {
    status: 500,
    template: 'cursorPaginate() of {model} needs non-null keys: a row has {attribute} null; order by attributes that are never null',
  },
  RCA_ROW_NOT_INSTANCE: {
    status: 500,
    template:
      '{model}.{method}() was called on a row, not a model instance: the toolkit reads rows for transformers (readAs); declare `instances = true` on the transformer, or read the model yourself',
  },
  RCA_POLICY_INVALID: { status: 500, template: 'The policy of {model} is invalid: {reason}' },
  RCA_RELATION_UNKNOWN: { status: 500, template: '{model} has no association named "{association}"' },
  RCA_DECLARATIONS_INVALID: { status: 500, template: 'useApi() found {count} declared names that do not resolve:{list}' },
  RCA_CONFIG_INVALID: { status: 500, template: 'Invalid routing-controllers-api config "{key}": {reason}' },
  RCA_FRAMEWORK_UNKNOWN: { status: 500, template: 'useApi() needs an Express or a Koa application' },
  RCA_UPSTREAM_STATUS: { status: 502, template: '{method} {target} answered {status}' },
  RCA_UPSTREAM_UNREACHABLE: { status: 502, template: '{method} {target} could not be reached' },
  RCA_UPSTREAM_STATUS_INVALID: { status: 502, template: '{method} {target} answered status {status}, outside 100-599' },
  RCA_UPSTREAM_INVALID: { status: 502, template: '{method} {target} answered a body that is not valid JSON' },
  RCA_UPSTREAM_TOO_LARGE: { status: 502, template: '{method} {target} answered more than remote.maxContentLength ({max} bytes, decompressed)' },
  RCA_UPSTREAM_TIMEOUT: { status: 504, template: '{method} {target} did not complete within {timeout} ms' },
  RCA_REMOTE_REFUSED: { status: 502, template: 'Remote request to "{url}" refused: {reason}' },
  RCA_INTERNAL_LOOP: {
    status: 508,
    template: 'Internal requests nested {depth} deep, beyond internal.maxDepth ({max}), at {method} {path}: a route that calls itself or a loop of routes',
  },
  RCA_CLIENT_GONE: { status: 499, template: 'The client closed the request before it was answered; its pending internal and remote calls were abandoned' },
  RCA_INTERNAL_HOST_UNKNOWN: { status: 500, template: 'invoke() serves only internal.domains in process; "{host}" is not one of them' },
  RCA_API_NO_APP: { status: 500, template: 'The Api service has no app: call it inside a request, after useApi(), or through api.forApp(app)' },
  RCA_API_SEVERAL_APPS: {
    status: 500,
    template: 'Several apps are wired with useApi() in this process: outside a request, choose one with api.forApp(app)',
  },
  RCA_ATOMIC_INVALID: { status: 400, template: 'Invalid atomic operations document at "{pointer}": {reason}' },
  RCA_ATOMIC_MEDIA_TYPE: {
    status: 415,
    template:
      'Atomic operations are sent as application/vnd.api+json; ext="https://jsonapi.org/ext/atomic" to an API in json-api mode (this one: {serializer})',
  },
  RCA_BATCH_INVALID: { status: 400, template: 'Invalid batch at "{pointer}": {reason}' },
  RCA_BATCH_NESTED: {
    status: 400,
    template: "Batches and atomic operations are a client's requests: one cannot be made from inside another request (each level would multiply the work)",
  },
  RCA_TRANSACTION_NO_DATABASE: { status: 500, template: 'api.transaction() needs the Sequelize instance: pass it to useApi(app, { sequelize })' },
  RCA_TRANSACTION_TIMEOUT: {
    status: 503,
    template:
      'The transaction took longer than the {max} ms one request may hold it (transaction.maxDuration): it was rolled back and nothing it wrote was kept; retry, or send less in one request',
  },
  RCA_TRANSACTION_ENDED: { status: 500, template: 'A statement was made for a transaction that had already ended (rolled back or committed)' },
  RCA_TRANSACTION_REMOTE: {
    status: 409,
    template:
      '{method} {target} is a remote call inside api.transaction(): a rollback could not undo it; open the transaction with { allowRemote: true } to make it anyway',
  },
  RCA_CLI_USAGE: { status: 400, template: '{reason}' },
} as const satisfies Record<string, { status: number; template: string }>;

/** A code of the registry, e.g. `'RCA_INCLUDE_INVALID'`. */
export type ErrorCode = keyof typeof ERROR_REGISTRY;

/** Fills a registry template: `format('a {x}', { x: 1 })` is `'a 1'`. Missing details stay visible. */
export function formatMessage(template: string, details: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in details ? String(details[name]) : whole));
}
