import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** Starts example/server.ts as `npm start` would run it, on port 0, and waits for its URL. */
export function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join('example', 'server.ts')], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)\/v1\/books/.exec(output);
      if (match) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

export function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
