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
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`throughput bench: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** Requests per second of GET /v1/books?include=author: toolkit over a hand-written Express + Sequelize route. */
export async function throughput(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const target of benchTargets()) results.push(...(await throughputOn(target)));
  return results;
}

/** The routes compared: a 5-book page with its authors, and a 100-book page with three includes. */
const CASES = [
  { path: TARGET, key: 'throughput_ratio' },
  { path: '/v1/books?per_page=100&include=author,publisher,comments', key: 'throughput_ratio_page100' },
];

async function throughputOn(target: BenchTarget): Promise<BenchResult[]> {
  const db = await benchDatabase(target);
  const toolkit = await serve('toolkit', db.location);
  const baseline = await serve('baseline', db.location);
  const results: BenchResult[] = [];
  try {
    for (const { path: route, key } of CASES) {
      const [ours, theirs] = await Promise.all([fetch(toolkit.url + route), fetch(baseline.url + route)].map(async (r) => (await r).text()));
      const normalise = (text: string, url: string) => text.split(url).join('ORIGIN');
      if (normalise(ours, toolkit.url) !== normalise(theirs, baseline.url))
        throw new Error(`throughput bench: the two servers answer different JSON for ${route}`);
      const rates = { toolkit: [] as number[], baseline: [] as number[] };
      for (let round = 0; round < 2; round++) {
        rates.baseline.push(await requestsPerSecond(baseline.url + route));
        rates.toolkit.push(await requestsPerSecond(toolkit.url + route));
      }
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      const [ourRate, theirRate] = [mean(rates.toolkit), mean(rates.baseline)];
      results.push({
        key: target.name === 'sqlite' ? key : `${key}_${target.name}`,
        label: `requests/s, GET ${route}, toolkit vs hand-written${target.name === 'sqlite' ? '' : ` (${target.name})`}`,
        value: ourRate / theirRate,
        baseline: 1,
        unit: 'x',
        detail: `${ourRate.toFixed(0)} vs ${theirRate.toFixed(0)} req/s (${CONNECTIONS} connections, ${SECONDS}s x2 each)`,
      });
    }
    return results;
  } finally {
    await Promise.all([stop(toolkit), stop(baseline)]);
    await db.close();
  }
}
