import type { ApiConfig } from '../config/ApiConfig';
import { ApiError } from '../errors/ApiError';
import type { ApiRequestOptions } from './ApiRequestOptions';
import { ApiCallResponse, InternalHttpError } from './InternalHttpError';
import { classify, Target } from './urlPolicy';

/** True for a call that goes to a remote host: forced, or an absolute URL outside `internal.domains`. */
function isRemote(options: ApiRequestOptions, config: ApiConfig): boolean {
  return options.remote === true || (!options.internal && classify(options.url, config).kind === 'remote');
}

/**
 * How a refused call names its target in a message a client may see (a 4xx is shown): the path of
 * an internal call, never the address of a remote host.
 *
 * @example
 * shownTarget({ method: 'GET', url: 'https://billing.internal/x' }, config); // 'a remote service'
 */
export function shownTarget(options: ApiRequestOptions, config: ApiConfig): string {
  return isRemote(options, config) ? 'a remote service' : options.url.split('?')[0];
}

/**
 * The error of a call answered >= 400: thrown by the Api's verb methods, kept by a transaction. An
 * internal call's answer is this app's own error body: a client may see it as it is.
 *
 * @example
 * throw callFailure(response, { method: 'GET', url: '/v1/books/7' }, config); // RCA_UPSTREAM_STATUS
 */
export function callFailure(response: ApiCallResponse, options: ApiRequestOptions, config: ApiConfig): InternalHttpError {
  const remote = isRemote(options, config);
  const target = remote ? 'a remote service' : options.url.split('?')[0];
  return new InternalHttpError('RCA_UPSTREAM_STATUS', response, { method: options.method.toUpperCase(), target }, { relay: !remote });
}

/**
 * Where invoke() goes: like any call, except that a host outside `internal.domains` is an error.
 *
 * @example
 * internalTarget('/v1/books', config); // { kind: 'internal', path: '/v1/books', ... }
 */
export function internalTarget(url: string, config: ApiConfig): Target {
  const target = classify(url, config);
  if (target.kind === 'remote') throw new ApiError('RCA_INTERNAL_HOST_UNKNOWN', { host: target.url.hostname });
  return target;
}
