import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../errors/ApiError';
import { packageRoot } from './packageRoot';

export type ConfigFormat = 'ts' | 'js';

/**
 * Writes the documented default config into `<cwd>/config/api.ts` (importing its type from the
 * package) or, with `format: 'js'`, `config/api.js` (CommonJS, typed through JSDoc), which a
 * compiled app loads without TypeScript.
 */
export function publishConfig(options: { force?: boolean; format?: string }, cwd = process.cwd()): string {
  const format = options.format ?? 'ts';
  if (format !== 'ts' && format !== 'js') throw new ApiError('RCA_CLI_USAGE', { reason: `--format must be ts or js, got "${format}"` });
  const target = path.join(cwd, 'config', `api.${format}`);
  if (fs.existsSync(target) && !options.force) {
    throw new ApiError('RCA_CLI_USAGE', { reason: `config/api.${format} exists; use --force to overwrite it` });
  }
  const source = fs.readFileSync(path.join(packageRoot(), 'config', 'api.ts'), 'utf8');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, format === 'ts' ? asTypeScript(source) : asJavaScript(source));
  return path.relative(cwd, target);
}

function asTypeScript(source: string): string {
  return source.replace("from '../src/config/ApiConfig'", "from 'routing-controllers-api'");
}

/** The same file as CommonJS: the type import becomes a JSDoc type, the default export module.exports. */
function asJavaScript(source: string): string {
  return source
    .replace(/^import type \{ ApiConfigInput \} from '[^']+';\n/m, '')
    .replace('const config: ApiConfigInput = {', "/** @type {import('routing-controllers-api').ApiConfigInput} */\nconst config = {")
    .replace('export default config;', 'module.exports = config;');
}
