import { ServerResponse } from 'node:http';
import type { RequestContext } from '../context/RequestContext';
import type { ApiLogger, RequestLogRecord } from '../observe/ApiLogger';
import { endWithStatus } from '../observe/tracing';

/** Where the observed request's context is kept on Node's response. */
export const OBSERVED = Symbol('rca.observed');

type Observed = ServerResponse & { [OBSERVED]?: RequestContext };

type HeaderValue = string | number | readonly string[] | undefined;

/**
 * The headers a response of `context` carries, unless the app set them itself: `X-Request-Id`, and
 * with `timing` on `Server-Timing`. An internal request made inside another has no `Server-Timing`:
 * its time is its caller's `internal`, and the header would cost every call its building. With
 * policies, `Vary` names the headers the principal is read from (useApi's `principalHeaders`): what
 * a response holds depends on who asked, so a shared cache must not hand it to another caller.
 */
export function observedHeaders(context: RequestContext, get: (name: string) => HeaderValue, set: (name: string, value: string) => void): void {
  const { config, varyBy } = context.app;
  if (get(config.requestId.header) === undefined) set(config.requestId.header, context.requestId);
  if (config.timing && context.observation.parentId === undefined && get('server-timing') === undefined) {
    set('server-timing', context.observation.timer.header());
  }
  if (varyBy && varyBy.length > 0) set('vary', withVary(get('vary'), varyBy));
}

/** `Vary` values of responses that had none, per list of names: the same text for every response. */
const alone = new WeakMap<readonly string[], string>();

/** A `Vary` value with `names` added to what it lists already (case-insensitively, once each). */
function withVary(current: HeaderValue, names: readonly string[]): string {
  if (current === undefined) {
    let text = alone.get(names);
    if (text === undefined) alone.set(names, (text = names.join(', ')));
    return text;
  }
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (listed.includes('*')) return '*';
  const known = new Set(listed.map((name) => name.toLowerCase()));
  return [...listed, ...names.filter((name) => !known.has(name.toLowerCase()))].join(', ');
}

/**
 * Node's writeHead(), preceded by the observed headers. Every way an Express app answers ends here
 * (`res.send()`, routing-controllers, a bare `res.end()`), so no path is missed.
 */
function writeHeadObserved(this: Observed, ...args: unknown[]): ServerResponse {
  const context = this[OBSERVED];
  if (context && !this.headersSent) {
    observedHeaders(
      context,
      (name) => this.getHeader(name),
      (name, value) => this.setHeader(name, value),
    );
  }
  return (ServerResponse.prototype.writeHead as (...all: unknown[]) => ServerResponse).apply(this, args);
}

/**
 * Declares the response's observation fields. Called before a framework swaps the response's
 * prototype (Express does): adding them afterwards would put the response on V8's slow path.
 */
export function prepareResponse(res: ServerResponse): void {
  const observed = res as Observed;
  if (!(OBSERVED in observed)) observed[OBSERVED] = undefined;
  if (!Object.hasOwn(res, 'writeHead')) res.writeHead = writeHeadObserved;
}

/**
 * Ties a response to its request's context: with `headers`, its head gets the observed headers
 * (Koa's middleware sets them itself, as it answers last); given a logger, one line is logged once
 * it has been sent (or abandoned), and the request's span ends.
 */
export function observeResponse(res: ServerResponse, context: RequestContext, logger: ApiLogger | undefined, headers = true): void {
  if (headers) {
    prepareResponse(res);
    (res as Observed)[OBSERVED] = context;
  }
  const { span } = context.observation;
  if (!logger && !span) return;
  res.once('close', () => {
    logger?.info(requestLogRecord(context, res.statusCode), 'request');
    endWithStatus(span, res.statusCode);
  });
}

/** The log line of a request answered with `status`. */
export function requestLogRecord(context: RequestContext, status: number): RequestLogRecord {
  const { observation } = context;
  const record: RequestLogRecord = {
    request_id: context.requestId,
    method: context.method,
    route: observation.route ?? context.path,
    status,
    duration_ms: Math.round(observation.timer.total() * 100) / 100,
    depth: context.depth,
    statements: observation.timer.count('db'),
  };
  if (observation.parentId) record.parent_id = observation.parentId;
  const traceId = observation.traceId;
  if (traceId) record.trace_id = traceId;
  return record;
}
