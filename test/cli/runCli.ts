import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '..', '..');
export const BIN = path.join(REPO, 'bin', 'rc-api.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real rc-api binary in `cwd`. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Type-checks the TypeScript files of `dir`, with routing-controllers-api mapped to this checkout. */
export function typeCheck(dir: string): Promise<CliResult> {
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        module: 'commonjs',
        moduleResolution: 'node',
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        useDefineForClassFields: false,
        skipLibCheck: true,
        noEmit: true,
        esModuleInterop: true,
        baseUrl: '.',
        typeRoots: [path.join(REPO, 'node_modules', '@types')],
        types: ['node'],
        paths: { 'routing-controllers-api': [path.join(REPO, 'src', 'index.ts')], '*': [path.join(REPO, 'node_modules', '*')] },
      },
      include: ['src', 'config'],
    }),
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr: '' }));
  });
}
