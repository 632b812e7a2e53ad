import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { isValidHost } from '../context/publicAddress';
import type { RequestContext } from '../context/RequestContext';
import type { SharedBudget } from '../context/SharedBudget';
import { ApiError } from '../errors/ApiError';
import type { SpanLike } from '../observe/tracing';
import { negotiationError, reservedParameterError } from '../jsonapi/negotiation';

/** What the in-process dispatcher tells the requests it makes; a client cannot forge a symbol. */
export interface InternalOrigin {
  /** Internal calls deep: 1 for a call made by a client's request. */
  depth: number;
  /** The calling request's protocol, so that links made inside stay `https` behind TLS. */
  protocol: string;
  /** The internal request's id (its caller's with a suffix), and its caller's. */
  requestId?: string;
  parentId?: string;
  /** The internal call's span: the inner request's is its child. */
  parentSpan?: SpanLike;
  /** The caller's budget: the inner answer draws on it too. */
  budget?: SharedBudget;
}

export const INTERNAL_ORIGIN = Symbol('rca.internalOrigin');

/** The connection's protocol and the call depth of a request (0 for a client's); an internal one's ids. */
export function connectionOf(req: IncomingMessage): InternalOrigin {
  const internal = (req as IncomingMessage & { [INTERNAL_ORIGIN]?: InternalOrigin })[INTERNAL_ORIGIN];
  if (internal) return internal;
  return { protocol: (req.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http', depth: 0 };
}

/**
 * What is refused before any route runs: a Host that cannot stand in a link, and in json-api mode
 * a request that breaks JSON:API's negotiation or uses a reserved query parameter it does not know.
 */
export function assertAcceptable(context: RequestContext): void {
  if (!isValidHost(context.host)) throw new ApiError('RCA_HOST_INVALID');
  if (context.app.config.serializer !== 'json-api') return;
  const refused = negotiationError(context.headers) ?? reservedParameterError(context);
  if (refused) throw refused;
}

/**
 * A signal aborted when the response closes before it was ended: the client went away, so the
 * internal and remote calls still pending for it are abandoned. Answered as a function that makes
 * the signal on first use: most requests never make a call, and an AbortController costs more
 * than the rest of a request's context together.
 *
 * @example
 * const signal = closedEarly(res)();
 * signal.addEventListener('abort', () => console.log('client gone'));
 */
export function closedEarly(res: ServerResponse): () => AbortSignal {
  let controller: AbortController | undefined;
  let gone: ApiError | undefined;
  res.once('close', () => {
    if (res.writableEnded) return;
    gone = new ApiError('RCA_CLIENT_GONE');
    controller?.abort(gone);
  });
  return () => {
    if (!controller) {
      controller = new AbortController();
      if (gone) controller.abort(gone);
    }
    return controller.signal;
  };
}
