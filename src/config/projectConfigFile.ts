import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../errors/ApiError';
import type { ApiConfigInput } from './ApiConfig';

/** Formats a project config file may have, besides `.ts`, in the order they are looked for. */
const COMPILED = ['.js', '.cjs', '.json'];

/** Where a project keeps its config, relative to a folder. */
const CONFIG = path.join('config', 'api');

export interface ConfigSearch {
  /** The project: where `config/api.*` is looked for first (the working directory). */
  cwd: string;
  /** The running app's folder (`dist/` of a compiled app), searched up to `cwd` for a compiled config. */
  appDir?: string;
  /** True when `.ts` files can be required (ts-node or another loader is registered). */
  typescript: boolean;
  /** This package's own documented default (source and compiled, without extension): never a project's file. */
  ownDefaults: readonly string[];
}

/**
 * The project's config file: `config/api.js`, `.cjs` or `.json` in `cwd`; `config/api.ts` when
 * TypeScript can be loaded; else one compiled alongside the app (`dist/config/api.js`). A
 * `config/api.ts` that nothing can load is an error, never silently ignored.
 *
 * @example
 * findProjectConfig({ cwd: process.cwd(), appDir: path.dirname(require.main!.filename), typescript: false, ownDefaults: [] });
 */
export function findProjectConfig(search: ConfigSearch): string | null {
  const base = path.join(search.cwd, CONFIG);
  const candidates = [...COMPILED.map((ext) => base + ext), ...(search.typescript ? [`${base}.ts`] : []), ...compiledAlongside(search)];
  const isOwn = (file: string) => search.ownDefaults.some((own) => file.startsWith(`${own}.`));
  const found = candidates.find((file) => fs.existsSync(file) && !isOwn(file));
  if (found) return found;
  const typescript = `${base}.ts`;
  if (fs.existsSync(typescript) && !isOwn(typescript)) {
    throw new ApiError('RCA_CONFIG_INVALID', {
      key: typescript,
      reason:
        'it is TypeScript and no TypeScript loader is registered: compile it with the app (a compiled config/api.js beside the app is found), ' +
        'write config/api.js instead (rc-api publish:config --format js), or run with ts-node',
    });
  }
  return null;
}

/** `config/api.{js,cjs,json}` in the app's folder and its parents, up to the project. */
function compiledAlongside({ cwd, appDir }: ConfigSearch): string[] {
  const files: string[] = [];
  for (let dir = appDir; dir && dir.startsWith(cwd + path.sep); dir = path.dirname(dir)) {
    files.push(...COMPILED.map((ext) => path.join(dir, CONFIG) + ext));
  }
  return files;
}

/** Loads a config file: its default export, or the module itself. A file that fails to load is a startup error. */
export function loadConfigFile(file: string): ApiConfigInput {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const loaded = require(file) as (ApiConfigInput & { default?: ApiConfigInput }) | undefined;
    return loaded?.default ?? loaded ?? {};
  } catch (cause) {
    throw new ApiError('RCA_CONFIG_INVALID', { key: file, reason: 'the file could not be loaded' }, { cause });
  }
}
