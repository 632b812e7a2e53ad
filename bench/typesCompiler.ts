import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The compiler options of the synthetic apps (the repository's, as a user of decorators sets them). */
const OPTIONS = {
  target: 'ES2022',
  // Both compilers' resolution (TypeScript 7 has no node10): type-checking only, nothing is emitted.
  module: 'preserve',
  moduleResolution: 'bundler',
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
};

/** What one compiler run reports: instantiations, check time, and its errors by code. */
export interface Check {
  instantiations: number;
  checkSeconds: number;
  errors: string[];
}

/** Runs a compiler (`tsc` or `tsgo`) on `files` with --extendedDiagnostics. */
export function check(compiler: string[], dir: string, files: string[], name: string): Check {
  const project = path.join(dir, `${name}.tsconfig.json`);
  fs.writeFileSync(project, JSON.stringify({ compilerOptions: OPTIONS, files }, null, 2));
  const run = spawnSync(compiler[0], [...compiler.slice(1), '-p', project, '--extendedDiagnostics'], {
    encoding: 'utf8',
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${run.stdout}${run.stderr}`;
  const number = (label: string) => Number((new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(out) ?? [])[1] ?? NaN);
  return { instantiations: number('Instantiations'), checkSeconds: number('Check time'), errors: out.match(/error TS\d+/g) ?? [] };
}

/** The compilers measured: TypeScript 5.9 (this repository's), and TypeScript 7 where `tsgo` is installed. */
export function compilers(repo: string): Array<[string, string[]]> {
  const found: Array<[string, string[]]> = [['', [process.execPath, require.resolve('typescript/bin/tsc')]]];
  const tsgo = path.join(repo, 'node_modules', '.bin', 'tsgo');
  if (fs.existsSync(tsgo)) found.push(['_ts7', [tsgo]]);
  return found;
}
