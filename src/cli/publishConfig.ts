import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../errors/ApiError';

/** This package's root: the nearest folder above this file with our package.json. */
function packageRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.readFileSync(path.join(dir, 'package.json'), 'utf8').includes('"name": "routing-controllers-api"')) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('routing-controllers-api: package root not found');
    dir = parent;
  }
  return dir;
}

/** Copies the documented default config to `<cwd>/config/api.ts`, importing its type from the package. */
export function publishConfig(options: { force?: boolean }, cwd = process.cwd()): string {
  const target = path.join(cwd, 'config', 'api.ts');
  if (fs.existsSync(target) && !options.force) {
    throw new ApiError('RCA_CLI_USAGE', { reason: 'config/api.ts exists; use --force to overwrite it' });
  }
  const source = fs.readFileSync(path.join(packageRoot(), 'config', 'api.ts'), 'utf8');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, source.replace("from '../src/config/ApiConfig'", "from 'routing-controllers-api'"));
  return path.relative(cwd, target);
}
