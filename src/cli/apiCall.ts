import fs from 'node:fs';
import path from 'node:path';
import { Api, ApiRequestOptions, HttpMethod } from '../dispatcher/Api';
import { InternalHttpError } from '../dispatcher/InternalHttpError';
import { ApiError } from '../errors/ApiError';
import { statusText } from '../errors/describeError';
import { apiStateOf } from '../integration/useApi';

export interface ApiCallOptions {
  request?: string;
  data?: string;
  header?: string[];
  app?: string;
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

/** The app module: --app, else package.json `rcApi.app`, else `src/app`. */
function appModule(option: string | undefined, cwd: string): string {
  if (option) return path.resolve(cwd, option);
  const manifest = path.join(cwd, 'package.json');
  const configured = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { rcApi?: { app?: string } }).rcApi?.app : undefined;
  return path.resolve(cwd, configured ?? path.join('src', 'app'));
}

/** Loads an app module: its default, `app` or `createApp` export, an app or a (async) function making one. */
async function loadApp(file: string): Promise<unknown> {
  if (/\.ts$/.test(file) || !fs.existsSync(file)) registerTypeScript(path.dirname(file));
  let loaded: Record<string, unknown>;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(file) as Record<string, unknown>;
  } catch (cause) {
    const missing = (cause as { code?: string }).code === 'MODULE_NOT_FOUND';
    const hint = missing
      ? ' (point --app at the app, e.g. the compiled one: --app dist/app.js; an app in TypeScript needs ts-node: npm install -D ts-node)'
      : '';
    throw new ApiError('RCA_CLI_USAGE', { reason: `cannot load the app module ${file}: ${(cause as Error).message.split('\n')[0]}${hint}` }, { cause });
  }
  const exported = loaded.default ?? loaded.app ?? loaded.createApp;
  const app = typeof exported === 'function' && !apiStateOf(exported) ? await (exported as () => unknown)() : exported;
  if (!apiStateOf(app)) throw usage(`${file} must export an app wired with useApi() (default, app or createApp)`);
  return app;
}

/** TypeScript app modules load through ts-node when the project has it. */
function registerTypeScript(from: string): void {
  if (require.extensions['.ts']) return;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const tsNode = require(require.resolve('ts-node', { paths: [from, process.cwd()] })) as { register(options: object): void };
    tsNode.register({ transpileOnly: true });
  } catch {
    // Without ts-node only JavaScript modules load; the require below says so.
  }
}

/**
 * `rc-api api:call`: one request into the app (no server listening) or to a remote URL. Writes
 * the status line and the pretty body; answers the exit code (1 for a status >= 400).
 */
export async function apiCall(target: string, options: ApiCallOptions, write: (text: string) => void, cwd = process.cwd()): Promise<number> {
  const method = (options.request ?? 'GET').toUpperCase();
  if (!METHODS.includes(method)) throw usage(`--request must be one of ${METHODS.join(', ')}, got "${options.request}"`);
  const remote = /^https?:\/\//i.test(target);
  const api = !remote || options.app ? new Api().forApp(await loadApp(appModule(options.app, cwd))) : new Api();
  const data = parseData(options.data);
  const request: ApiRequestOptions = {
    method: method as HttpMethod,
    url: target,
    // Links in the answer name the port the app serves on (PORT, else 3000), unless app.url says otherwise.
    headers: { ...(remote ? {} : { host: `localhost:${process.env.PORT || 3000}` }), ...parseHeaders(options.header) },
    ...(['POST', 'PUT', 'PATCH'].includes(method) ? { body: data } : { query: data }),
  };
  let response: { status: number; body: unknown };
  try {
    response = await api.request(request);
  } catch (error) {
    if (!(error instanceof InternalHttpError)) throw error;
    response = error;
  }
  const body =
    response.body === null || response.body === undefined ? '' : typeof response.body === 'string' ? response.body : JSON.stringify(response.body, null, 2);
  write(`HTTP/1.1 ${response.status} ${statusText(response.status)}\n${body}${body ? '\n' : ''}`);
  return response.status >= 400 ? 1 : 0;
}
