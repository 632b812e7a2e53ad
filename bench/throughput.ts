import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { benchDatabase, BenchTarget, benchTargets } from './exampleHarness';
import type { BenchResult } from './run';
import { median } from './median';

const TARGET = '/v1/books?include=author';
/** Seconds of each timed burst, and of the untimed one each server gets first. */
const SECONDS = 3;
const WARM_UP_SECONDS = 2;
/** Pairs of bursts (one per server, back to back): the figure is the median of their ratios. */
const ROUNDS = 5;
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

async function requestsPerSecond(url: string, seconds = SECONDS): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`throughput bench: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Toolkit over baseline requests per second on one route: after an untimed burst each, ROUNDS
 * pairs of bursts back to back, the first of each pair alternating; the median of the pairs'
 * ratios. A pair runs within seconds, so a slow spell of the machine weighs on both of its sides.
 */
export async function pairedRatio(toolkitUrl: string, baselineUrl: string): Promise<{ ratio: number; spread: [number, number]; rates: [number, number] }> {
  await requestsPerSecond(baselineUrl, WARM_UP_SECONDS);
  await requestsPerSecond(toolkitUrl, WARM_UP_SECONDS);
  const pairs: Array<[number, number]> = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      const theirs = await requestsPerSecond(baselineUrl);
      pairs.push([await requestsPerSecond(toolkitUrl), theirs]);
    } else {
      const ours = await requestsPerSecond(toolkitUrl);
      pairs.push([ours, await requestsPerSecond(baselineUrl)]);
    }
  }
  const ratios = pairs.map(([ours, theirs]) => ours / theirs);
  return {
    ratio: median(ratios),
    spread: [Math.min(...ratios), Math.max(...ratios)],
    rates: [median(pairs.map(([ours]) => ours)), median(pairs.map(([, theirs]) => theirs))],
  };
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
      const { ratio, spread, rates } = await pairedRatio(toolkit.url + route, baseline.url + route);
      results.push({
        key: target.name === 'sqlite' ? key : `${key}_${target.name}`,
        label: `requests/s, GET ${route}, toolkit vs hand-written${target.name === 'sqlite' ? '' : ` (${target.name})`}`,
        value: ratio,
        baseline: 1,
        unit: 'x',
        detail:
          `median of ${ROUNDS} paired ${SECONDS} s bursts, spread ${spread[0].toFixed(2)}-${spread[1].toFixed(2)}; ` +
          `${rates[0].toFixed(0)} vs ${rates[1].toFixed(0)} req/s (${CONNECTIONS} connections)`,
      });
    }
    return results;
  } finally {
    await Promise.all([stop(toolkit), stop(baseline)]);
    await db.close();
  }
}
