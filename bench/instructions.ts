import { spawn, spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerMode } from './throughput';

/** The requests of the short run and of the long one: their difference cancels the start-up. */
const FEW = 20;
const MANY = 120;

/** Whether valgrind can be run here (the instruction counts are skipped without it). */
export function hasCallgrind(): boolean {
  return spawnSync('valgrind', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** The instructions a bench server (bench/throughputServer.ts) runs from start to exit, serving `requests` GETs of `route` one after another. */
async function instructionsOf(mode: ServerMode, location: string, route: string, requests: number): Promise<number> {
  const out = path.join(os.tmpdir(), `rca-callgrind-${process.pid}-${mode}-${requests}.out`);
  const server = path.join(__dirname, 'throughputServer.js');
  const env = { ...process.env, NODE_ENV: 'production' };
  const child = spawn('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, server, mode, location], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve((JSON.parse(String(chunk)) as { port: number }).port));
    void exited.then((code) => reject(new Error(`callgrind: the ${mode} server exited with ${code}`)));
  });
  for (let i = 0; i < requests; i++) {
    const response = await fetch(`http://127.0.0.1:${port}${route}`);
    await response.text();
    if (response.status !== 200) throw new Error(`callgrind: the ${mode} server answered ${response.status}`);
  }
  child.kill('SIGTERM');
  await exited;
  const summary = /^summary: (\d+)$/m.exec(await fs.readFile(out, 'utf8'));
  await fs.rm(out, { force: true });
  if (!summary) throw new Error(`callgrind: no summary for the ${mode} server`);
  return Number(summary[1]);
}

/**
 * Instructions one request of `route` costs a bench server, counted by valgrind's callgrind (every
 * thread, the driver's included): a run of MANY requests less a run of FEW, over their difference.
 * Wall time on a shared machine moves by a fifth between two processes of the same server; the
 * count moves by a few percent (a collection more or less within one run, JIT threads), so it
 * resolves smaller overheads than bursts can.
 *
 * @example
 * const ratio = (await instructionsPerRequest('toolkit-policy', db, route)) / (await instructionsPerRequest('toolkit', db, route));
 */
export async function instructionsPerRequest(mode: ServerMode, location: string, route: string): Promise<number> {
  const [few, many] = await Promise.all([instructionsOf(mode, location, route, FEW), instructionsOf(mode, location, route, MANY)]);
  return (many - few) / (MANY - FEW);
}
