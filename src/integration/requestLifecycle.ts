import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../errors/ApiError';

/** Set by the in-process dispatcher on the requests it makes; a client cannot forge a symbol. */
export const INTERNAL_DEPTH = Symbol('rca.internalDepth');

/** How many internal calls deep a request is: 0 for a client's. */
export function depthOf(req: IncomingMessage): number {
  return (req as IncomingMessage & { [INTERNAL_DEPTH]?: number })[INTERNAL_DEPTH] ?? 0;
}

/**
 * A signal aborted when the response closes before it was ended: the client went away, so the
 * internal and remote calls still pending for it are abandoned.
 *
 * @example
 * const signal = closedEarly(res);
 * signal.addEventListener('abort', () => console.log('client gone'));
 */
export function closedEarly(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded) controller.abort(new ApiError('RCA_CLIENT_GONE'));
  });
  return controller.signal;
}
