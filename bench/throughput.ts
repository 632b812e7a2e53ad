import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { benchDatabase, BenchTarget, benchTargets } from './exampleHarness';
import type { BenchResult } from './run';

const TARGET = '/v1/books?include=author';
const SECONDS = 5;
const CONNECTIONS = 10;

interface Served {
  url: string;
  child: ChildProcess;
}

/** Starts a server process (toolkit or hand-written) on the bench database. */
export function serve(mode: 'toolkit' | 'baseline', location: string): Promise<Served> {
  const child = spawn(process.execPath, [path.join(__dirname, 'throughputServer.js'), mode, location], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve({ url: `http://127.0.0.1:${(JSON.parse(String(chunk)) as { port: number }).port}`, child }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

export function stop(served: Served): Promise<void> {
  return new Promise((resolve) => {
    served.child.once('exit', () => resolve());
    served.child.kill('SIGTERM');
  });
}

async function requestsPerSecond(url: string): Promise<number> {
  const result = await autocannon({ url: url + TARGET, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`throughput bench: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** Requests per second of GET /v1/books?include=author: toolkit over a hand-written Express + Sequelize route. */
export async function throughput(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const target of benchTargets()) results.push(...(await throughputOn(target)));
  return results;
}

async function throughputOn(target: BenchTarget): Promise<BenchResult[]> {
  const db = await benchDatabase(target);
  const toolkit = await serve('toolkit', db.location);
  const baseline = await serve('baseline', db.location);
  try {
    const [ours, theirs] = await Promise.all([fetch(toolkit.url + TARGET), fetch(baseline.url + TARGET)].map(async (r) => (await r).text()));
    const normalise = (text: string, url: string) => text.split(url).join('ORIGIN');
    if (normalise(ours, toolkit.url) !== normalise(theirs, baseline.url)) throw new Error('throughput bench: the two servers answer different JSON');
    const rates = { toolkit: [] as number[], baseline: [] as number[] };
    for (let round = 0; round < 2; round++) {
      rates.baseline.push(await requestsPerSecond(baseline.url));
      rates.toolkit.push(await requestsPerSecond(toolkit.url));
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const [ourRate, theirRate] = [mean(rates.toolkit), mean(rates.baseline)];
    return [
      {
        key: target.name === 'sqlite' ? 'throughput_ratio' : `throughput_ratio_${target.name}`,
        label: `requests/s, GET ${TARGET}, toolkit vs hand-written${target.name === 'sqlite' ? '' : ` (${target.name})`}`,
        value: ourRate / theirRate,
        baseline: 1,
        unit: 'x',
        detail: `${ourRate.toFixed(0)} vs ${theirRate.toFixed(0)} req/s (${CONNECTIONS} connections, ${SECONDS}s x2 each)`,
      },
    ];
  } finally {
    await Promise.all([stop(toolkit), stop(baseline)]);
    await db.close();
  }
}
