import fs from 'node:fs';
import path from 'node:path';

/** True for the package.json of this package (parsed: npm may rewrite its layout when packing). */
function isOurManifest(file: string): boolean {
  return fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === 'routing-controllers-api';
}

/** This package's root: the nearest folder above this file with our package.json. */
export function packageRoot(): string {
  let dir = __dirname;
  while (!isOurManifest(path.join(dir, 'package.json'))) {
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
