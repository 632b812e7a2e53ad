import path from 'node:path';
import defaults from '../../config/api';
import type { ApiConfig, ApiConfigInput } from './ApiConfig';
import { deepFreeze, deepMerge } from './deepMerge';
import { findProjectConfig, loadConfigFile } from './projectConfigFile';
import { validateConfig } from './validateConfig';

/**
 * Builds the frozen configuration: the documented defaults, then the project's `config/api.js`,
 * `.cjs`, `.json` or `.ts` when there is one, then `overrides`, then the environment (`API_DEBUG`, `APP_URL`, `API_CURSOR_SECRET`, `API_TIMING`, and
 * `NODE_ENV=production` which always turns debug off). This is the only reader of `process.env`.
 *
 * @example
 * const config = resolveConfig({ convert: { key: 'camel' } });
 * config.include.maxDepth; // 10
 */
export function resolveConfig(overrides: ApiConfigInput = {}, env: NodeJS.ProcessEnv = process.env): ApiConfig {
  let config = mergeConfig(defaults as unknown as ApiConfig, loadProjectConfig());
  config = mergeConfig(config, overrides);
  config = {
    ...config,
    debug: resolveDebug(config.debug, env),
    app: { ...config.app, url: resolveAppUrl(config.app.url, env) },
    pagination: { ...config.pagination, cursorSecret: env.API_CURSOR_SECRET || config.pagination.cursorSecret },
    timing: resolveTiming(config.timing, env),
  };
  validateConfig(config);
  return deepFreeze(config);
}

/** Body templates are whole documents: a project's format replaces the default one, never mixes with it. */
const REPLACED_KEYS = ['successFormat', 'errorFormat'] as const;

function mergeConfig(base: ApiConfig, override: ApiConfigInput): ApiConfig {
  const merged = deepMerge(base, override);
  for (const key of REPLACED_KEYS) if (override?.[key]) merged[key] = override[key];
  return merged;
}

/** APP_URL wins over the file; either way without a trailing slash, since route paths begin with one. */
function resolveAppUrl(configured: string | null, env: NodeJS.ProcessEnv): string | null {
  const url = env.APP_URL || configured;
  return url ? url.replace(/\/+$/, '') : null;
}

/** API_TIMING wins; else the configured value; null: on outside production. */
function resolveTiming(configured: boolean | null, env: NodeJS.ProcessEnv): boolean {
  if (env.API_TIMING !== undefined) return env.API_TIMING === 'true' || env.API_TIMING === '1';
  return configured ?? env.NODE_ENV !== 'production';
}

function resolveDebug(configured: boolean, env: NodeJS.ProcessEnv): boolean {
  if (env.NODE_ENV === 'production') return false;
  if (env.API_DEBUG !== undefined) return env.API_DEBUG === 'true' || env.API_DEBUG === '1';
  return configured;
}

/** The project's own config file (see findProjectConfig), or nothing. */
function loadProjectConfig(): ApiConfigInput {
  const file = findProjectConfig({
    cwd: process.cwd(),
    appDir: require.main ? path.dirname(require.main.filename) : undefined,
    typescript: Boolean(require.extensions['.ts']),
    // config/api of this package: beside src/ when run from source, above dist/ when compiled.
    ownDefaults: [path.resolve(__dirname, '..', '..', 'config', 'api'), path.resolve(__dirname, '..', '..', '..', 'config', 'api')],
  });
  return file ? loadConfigFile(file) : {};
}
