import axios, { AxiosError, AxiosInstance } from 'axios';
import type { ApiConfig } from '../config/ApiConfig';
import { ApiError } from '../errors/ApiError';
import type { ApiCallResponse } from './InternalHttpError';
import { InternalHttpError } from './InternalHttpError';
import { INVALID_JSON, normalizeHeaders, parseBody } from './parseBody';
import { assertAllowedHost, hasScheme, parseHttpUrl, refuseProtocolRelative } from './urlPolicy';

/** One remote call, already classified as remote. */
export interface RemoteCall {
  method: string;
  /** An absolute http(s) URL, or a path to resolve against `remote.baseUrl`. */
  url: string;
  headers: Record<string, string>;
  query?: URLSearchParams;
  body?: unknown;
  /** The calling request's: the call is abandoned when its client goes away. */
  signal?: AbortSignal;
}

/**
 * The axios instance behind remote calls: no base URL and no default credentials on it (they are
 * added per request, after the URL is checked), no redirects followed, every status resolved.
 */
export function createRemoteClient(config: ApiConfig): AxiosInstance {
  return axios.create({ timeout: config.remote.timeout, maxRedirects: 0, validateStatus: () => true, responseType: 'arraybuffer', proxy: false });
}

/** The absolute URL of a remote call: its own, or the path resolved against `remote.baseUrl`. */
function resolveUrl(target: string, config: ApiConfig): URL {
  refuseProtocolRelative(target);
  if (hasScheme(target)) return parseHttpUrl(target);
  if (!config.remote.baseUrl) throw new ApiError('RCA_REMOTE_REFUSED', { url: target, reason: 'a remote path needs remote.baseUrl' });
  const base = new URL(config.remote.baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  // Joined as text, then checked: after normalisation (`..`) the path must still be under the base.
  const url = new URL(base.origin + basePath + (target.startsWith('/') ? target : `/${target}`));
  if (url.origin !== base.origin || !(url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))) {
    throw new ApiError('RCA_REMOTE_REFUSED', { url: target, reason: 'the path leaves remote.baseUrl' });
  }
  return url;
}

/**
 * Sends a remote call through axios. Refused URLs fail before any connection; `remote.headers`
 * go only to the base URL's origin; the calling request's headers are never added. Network
 * failures answer 502 and time-outs 504, as `InternalHttpError`.
 */
export async function sendRemote(client: AxiosInstance, call: RemoteCall, config: ApiConfig): Promise<ApiCallResponse> {
  const url = resolveUrl(call.url, config);
  assertAllowedHost(url, config.remote.allowedHosts);
  call.query?.forEach((value, key) => url.searchParams.append(key, value));
  const baseOrigin = config.remote.baseUrl ? new URL(config.remote.baseUrl).origin : null;
  const credentials = baseOrigin === url.origin ? config.remote.headers : {};
  const headers = { accept: 'application/json', ...credentials, ...call.headers };
  const target = `${url.origin}${url.pathname}`;
  try {
    const response = await client.request({ method: call.method, url: url.href, headers, data: call.body === undefined ? undefined : JSON.stringify(call.body), timeout: config.remote.timeout });
    const responseHeaders = normalizeHeaders(response.headers as Record<string, unknown>);
    const body = parseBody(Buffer.from(response.data ?? []), responseHeaders['content-type']);
    if (body !== INVALID_JSON) return { status: response.status, headers: responseHeaders, body };
    const garbage = { status: 502, headers: responseHeaders, body: { error: { code: 502, message: 'Bad Gateway' } } };
    throw new InternalHttpError('RCA_UPSTREAM_INVALID', garbage, { method: call.method, target });
  } catch (cause) {
    if (cause instanceof InternalHttpError) throw cause;
    const timedOut = (cause as AxiosError).code === 'ECONNABORTED' || (cause as AxiosError).code === 'ETIMEDOUT';
    const status = timedOut ? 504 : 502;
    const body = { error: { code: status, message: timedOut ? 'Gateway Timeout' : 'Bad Gateway' } };
    const details = { method: call.method, target, timeout: config.remote.timeout };
    throw new InternalHttpError(timedOut ? 'RCA_UPSTREAM_TIMEOUT' : 'RCA_UPSTREAM_UNREACHABLE', { status, headers: {}, body }, details, { cause });
  }
}
