import fs from 'node:fs';
import path from 'node:path';

/** This package's root: the nearest folder above this file with our package.json. */
export function packageRoot(): string {
  let dir = __dirname;
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    !fs.readFileSync(path.join(dir, 'package.json'), 'utf8').includes('"name": "routing-controllers-api"')
  ) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('routing-controllers-api: package root not found');
    dir = parent;
  }
  return dir;
}

/** The version of this package, for `rc-api --version`. */
export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
