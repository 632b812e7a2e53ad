import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../errors/ApiError';
import { apiStateOf } from '../context/appRegistry';

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
  const loader = /\.ts$/.test(file) || !fs.existsSync(file) ? registerTypeScript([path.dirname(file), process.cwd()]) : null;
  let loaded: Record<string, unknown>;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(file) as Record<string, unknown>;
  } catch (cause) {
    const missing = (cause as { code?: string }).code === 'MODULE_NOT_FOUND';
    const why = loader?.problem ? `; ${loader.problem}` : '';
    const hint = missing || loader?.problem ? ` (point --app at the app, e.g. the compiled one: --app dist/app.js${why || TYPESCRIPT_HINT})` : '';
    throw new ApiError('RCA_CLI_USAGE', { reason: `cannot load the app module ${file}: ${(cause as Error).message.split('\n')[0]}${hint}` }, { cause });
  }
  const exported = loaded.default ?? loaded.app ?? loaded.createApp;
  const app = typeof exported === 'function' && !apiStateOf(exported) ? await (exported as () => unknown)() : exported;
  if (!apiStateOf(app)) throw usage(`${file} must export an app wired with useApi() (default, app or createApp)`);
  return app;
}

const TYPESCRIPT_HINT = '; an app in TypeScript needs ts-node (npm install -D ts-node) or, where ts-node cannot run (TypeScript 7), tsx (npm install -D tsx)';

/** How `require` reaches a loader package: resolved from the app's project, and loaded. */
export interface LoaderHost {
  extensions: Record<string, unknown>;
  resolve(id: string, paths: string[]): string | null;
  load(file: string): unknown;
}

const nodeHost: LoaderHost = {
  extensions: require.extensions,
  resolve(id, paths) {
    try {
      return require.resolve(id, { paths });
    } catch {
      return null;
    }
  },
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  load: (file): unknown => require(file) as unknown,
};

/**
 * Makes TypeScript app modules loadable: through ts-node when the project has it and it starts,
 * else through tsx (for TypeScript 7, whose compiler has no JavaScript API for ts-node to use). The
 * answer names the loader used, or says why none could be (printed when the app then fails to load).
 * tsx emits no decorator metadata: prefer ts-node or the compiled app where routes validate `@Body()`
 * request classes.
 *
 * @example
 * registerTypeScript([projectDir]); // { loader: 'ts-node' }
 */
export function registerTypeScript(paths: string[], host: LoaderHost = nodeHost): { loader: string | null; problem?: string } {
  if (host.extensions['.ts']) return { loader: 'registered' };
  const problems: string[] = [];
  const tsNode = host.resolve('ts-node', paths);
  if (tsNode) {
    try {
      (host.load(tsNode) as { register(options: object): void }).register({ transpileOnly: true });
      return { loader: 'ts-node' };
    } catch (error) {
      problems.push(`ts-node is installed but could not start (${firstLine(error)}): TypeScript 7 has no JavaScript API for it, install tsx`);
    }
  }
  const tsx = host.resolve('tsx/cjs/api', paths);
  if (tsx) {
    try {
      (host.load(tsx) as { register(): unknown }).register();
      return { loader: 'tsx' };
    } catch (error) {
      problems.push(`tsx is installed but could not start (${firstLine(error)})`);
    }
  }
  return { loader: null, problem: problems.length > 0 ? problems.join('; ') : undefined };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 120);
}
