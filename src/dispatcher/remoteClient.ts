import axios, { AxiosError, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import type { ApiConfig } from '../config/ApiConfig';
import { requestStorage } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { endWithStatus, startChildSpan, traceHeaders } from '../observe/tracing';
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
 * added per request, after the URL is checked), no redirects followed, every status resolved,
 * bodies over `remote.maxContentLength` (decompressed) refused. Every request through it, also
 * one a caller makes with `getRemoteClient()` directly, passes the URL policy and `allowedHosts`
 * and gets the `remote.timeout` deadline unless it brings a signal of its own.
 */
export function createRemoteClient(config: ApiConfig): AxiosInstance {
  const client = axios.create({
    maxRedirects: 0,
    validateStatus: () => true,
    responseType: 'arraybuffer',
    proxy: false,
    maxContentLength: config.remote.maxContentLength,
  });
  client.interceptors.request.use((request: InternalAxiosRequestConfig) => {
    const url = parseHttpUrl(axios.getUri(request));
    assertAllowedHost(url, config.remote.allowedHosts);
    request.signal ??= AbortSignal.timeout(config.remote.timeout);
    // A caller may turn redirects on: every hop passes the same URL policy before it is followed.
    const own = request.beforeRedirect;
    request.beforeRedirect = (options, response, details) => {
      assertAllowedHost(parseHttpUrl(String(options.href)), config.remote.allowedHosts);
      own?.(options, response, details);
    };
    return request;
  });
  return client;
}

/** An encoded slash, backslash or dot: decoded by the server, it could climb out of `baseUrl`. */
const ENCODED_SEPARATOR = /%(2f|5c|2e)/i;

/** The absolute URL of a remote call: its own, or the path resolved against `remote.baseUrl`. */
function resolveUrl(target: string, config: ApiConfig): URL {
  refuseProtocolRelative(target);
  if (hasScheme(target)) return parseHttpUrl(target);
  if (!config.remote.baseUrl) throw new ApiError('RCA_REMOTE_REFUSED', { url: target, reason: 'a remote path needs remote.baseUrl' });
  const base = new URL(config.remote.baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  const [path] = target.split(/[?#]/, 1);
  if (ENCODED_SEPARATOR.test(path) || path.includes('\\')) {
    throw new ApiError('RCA_REMOTE_REFUSED', { url: target, reason: 'encoded separators could leave remote.baseUrl' });
  }
  // Joined as text, then checked: after normalisation (`..`) the path must still be under the base.
  const url = new URL(base.origin + basePath + (target.startsWith('/') ? target : `/${target}`));
  if (url.origin !== base.origin || !(url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))) {
    throw new ApiError('RCA_REMOTE_REFUSED', { url: target, reason: 'the path leaves remote.baseUrl' });
  }
  return url;
}

/**
 * Sends a remote call through axios. Refused URLs fail before any connection; `remote.headers`
 * go only to the base URL's origin; the calling request's headers are never added; a body goes
 * as JSON. `remote.timeout` is a deadline over the whole call (a trickling upstream is cut off
 * too). Network failures and oversized bodies answer 502, the deadline 504, as `InternalHttpError`;
 * a calling request whose client has gone abandons the call.
 */
export async function sendRemote(client: AxiosInstance, call: RemoteCall, config: ApiConfig): Promise<ApiCallResponse> {
  const url = resolveUrl(call.url, config);
  assertAllowedHost(url, config.remote.allowedHosts);
  call.query?.forEach((value, key) => url.searchParams.append(key, value));
  const baseOrigin = config.remote.baseUrl ? new URL(config.remote.baseUrl).origin : null;
  const credentials = baseOrigin === url.origin ? config.remote.headers : {};
  const json = call.body === undefined ? {} : { 'content-type': 'application/json' };
  // The Host is the URL's: a caller's (an internal call's, say) would name another server.
  const { host: _host, ...own } = call.headers;
  const headers = { accept: 'application/json', ...json, ...credentials, ...own };
  const target = `${url.origin}${url.pathname}`;
  const deadline = AbortSignal.timeout(config.remote.timeout);
  const signal = call.signal ? AbortSignal.any([deadline, call.signal]) : deadline;
  try {
    const data = call.body === undefined ? undefined : JSON.stringify(call.body);
    const response = await client.request({ method: call.method, url: url.href, headers, data, signal });
    const responseHeaders = normalizeHeaders(response.headers);
    if (!(response.status >= 100 && response.status <= 599)) {
      throw upstreamFailure('RCA_UPSTREAM_STATUS_INVALID', 502, {}, { method: call.method, target, status: response.status });
    }
    const body = parseBody(Buffer.from((response.data as Buffer | null) ?? []), responseHeaders['content-type']);
    if (body !== INVALID_JSON) return { status: response.status, headers: responseHeaders, body };
    throw upstreamFailure('RCA_UPSTREAM_INVALID', 502, responseHeaders, { method: call.method, target });
  } catch (cause) {
    if (cause instanceof InternalHttpError) throw cause;
    if (call.signal?.aborted && !deadline.aborted) throw call.signal.reason;
    const details = { method: call.method, target, timeout: config.remote.timeout, max: config.remote.maxContentLength };
    if (deadline.aborted) throw upstreamFailure('RCA_UPSTREAM_TIMEOUT', 504, {}, details, cause);
    const tooLarge = /maxContentLength/.test((cause as AxiosError).message ?? '');
    throw upstreamFailure(tooLarge ? 'RCA_UPSTREAM_TOO_LARGE' : 'RCA_UPSTREAM_UNREACHABLE', 502, {}, details, cause);
  }
}

/** A remote call that could not be completed, with the body a client of ours would be shown. */
function upstreamFailure(
  code: 'RCA_UPSTREAM_INVALID' | 'RCA_UPSTREAM_STATUS_INVALID' | 'RCA_UPSTREAM_TIMEOUT' | 'RCA_UPSTREAM_TOO_LARGE' | 'RCA_UPSTREAM_UNREACHABLE',
  status: 502 | 504,
  headers: Record<string, string>,
  details: Record<string, unknown>,
  cause?: unknown,
): InternalHttpError {
  const body = { error: { code: status, message: status === 504 ? 'Gateway Timeout' : 'Bad Gateway' } };
  return new InternalHttpError(code, { status, headers, body }, details, { cause });
}

/**
 * sendRemote() as part of the calling request: the caller's id and W3C trace context go upstream
 * (so that its logs and spans join ours), the call is a CLIENT span and counts as `remote` in the
 * caller's `Server-Timing`, and it is abandoned when the caller's client goes away.
 */
export async function sendObservedRemote(client: AxiosInstance, call: RemoteCall, config: ApiConfig): Promise<ApiCallResponse> {
  const outer = requestStorage.getStore();
  if (!outer) return sendRemote(client, call, config);
  const { method } = call;
  const span = startChildSpan(outer.observation.span, `remote ${method}`, { 'http.request.method': method }, true);
  const headers = { [config.requestId.header]: outer.requestId, ...traceHeaders(span), ...call.headers };
  const done = outer.observation.timer.begin('remote');
  let status = 502;
  try {
    const response = await sendRemote(client, { ...call, headers, signal: outer.signal }, config);
    status = response.status;
    return response;
  } catch (error) {
    if (error instanceof ApiError) status = error.status;
    throw error;
  } finally {
    done();
    endWithStatus(span, status);
  }
}
