import { Api, ApiRequestOptions, HttpMethod } from '../dispatcher/Api';
import { InternalHttpError } from '../dispatcher/InternalHttpError';
import { hasScheme } from '../dispatcher/urlPolicy';
import { ApiError } from '../errors/ApiError';
import { statusText } from '../errors/describeError';
import { appModule, loadApp } from './loadApp';

export interface ApiCallOptions {
  request?: string;
  data?: string;
  header?: string[];
  app?: string;
  /** Print the response headers too (`-i`, as curl). */
  include?: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
const usage = (reason: string) => new ApiError('RCA_CLI_USAGE', { reason });

/** `k=v&k2=v2` (numbers, true, false and null as such) or a JSON object. */
export function parseData(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  if (text.trim().startsWith('{')) {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw usage('--data starting with { must be a JSON object');
    }
  }
  const literal = (value: string): unknown =>
    /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value === 'null' ? null : value;
  return Object.fromEntries([...new URLSearchParams(text)].map(([key, value]) => [key, literal(value)]));
}

function parseHeaders(lines: string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 1) throw usage(`--header must be "Name: value", got "${line}"`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * `rc-api api:call`: one request into the app (no server listening) or to a remote URL. Writes
 * the status line and the pretty body; answers the exit code (1 for a status >= 400).
 */
export async function apiCall(target: string, options: ApiCallOptions, write: (text: string) => void, cwd = process.cwd()): Promise<number> {
  const method = (options.request ?? 'GET').toUpperCase();
  if (!METHODS.includes(method)) throw usage(`--request must be one of ${METHODS.join(', ')}, got "${options.request}"`);
  // Any scheme makes it remote (`http:/host/x` too, which URL parsers read as http://host/x): only a path stays in process.
  const remote = hasScheme(target);
  const api = !remote || options.app ? new Api().forApp(await loadApp(appModule(options.app, cwd))) : new Api();
  const data = parseData(options.data);
  const request: ApiRequestOptions = {
    method: method as HttpMethod,
    url: target,
    // Links in the answer name the port the app serves on (PORT, else 3000), unless app.url says otherwise.
    headers: { ...(remote ? {} : { host: `localhost:${process.env.PORT || 3000}` }), ...parseHeaders(options.header) },
    ...(['POST', 'PUT', 'PATCH'].includes(method) ? { body: data } : { query: data }),
  };
  let response: { status: number; headers: Record<string, string>; body: unknown };
  try {
    response = await api.request(request);
  } catch (error) {
    if (!(error instanceof InternalHttpError)) throw error;
    response = error;
  }
  const body =
    response.body === null || response.body === undefined ? '' : typeof response.body === 'string' ? response.body : JSON.stringify(response.body, null, 2);
  const headers = options.include ? Object.entries(response.headers).map(([name, value]) => `${name}: ${value}\n`) : [];
  const head = `HTTP/1.1 ${response.status} ${statusText(response.status)}\n${headers.join('')}${headers.length > 0 ? '\n' : ''}`;
  write(`${head}${body}${body ? '\n' : ''}`);
  return response.status >= 400 ? 1 : 0;
}
