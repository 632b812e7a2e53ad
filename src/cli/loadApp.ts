import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../errors/ApiError';
import { apiStateOf } from '../integration/useApi';

const usage = (reason: string) => new ApiError('RCA_CLI_USAGE', { reason });

/** The app module: --app, else package.json `rcApi.app`, else `src/app`. */
export function appModule(option: string | undefined, cwd: string): string {
  if (option) return path.resolve(cwd, option);
  const manifest = path.join(cwd, 'package.json');
  const configured = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { rcApi?: { app?: string } }).rcApi?.app : undefined;
  return path.resolve(cwd, configured ?? path.join('src', 'app'));
}

/** Loads an app module: its default, `app` or `createApp` export, an app or a (async) function making one. */
export async function loadApp(file: string): Promise<unknown> {
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
