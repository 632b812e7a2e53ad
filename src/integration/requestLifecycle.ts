import type { ServerResponse } from 'node:http';
import { isValidHost } from '../context/publicAddress';
import type { RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { negotiationError, reservedParameterError } from '../jsonapi/negotiation';

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
