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

/** The servers bench/throughputServer.ts can start. */
export type ServerMode = 'toolkit' | 'toolkit-untimed' | 'toolkit-traced' | 'baseline';

/** Starts a server process (toolkit or hand-written) on the bench database. */
export function serve(mode: ServerMode, location: string): Promise<Served> {
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
    if (target.name === 'sqlite') results.push(...(await observabilityCosts(toolkit.url, db.location)));
    return results;
  } finally {
    await Promise.all([stop(toolkit), stop(baseline)]);
    await db.close();
  }
}

const PAGE_100 = CASES[1].path;

/**
 * What observability costs on the 100-book page: the example's server (Server-Timing on, statements
 * timed) against the same without timing, and with every span recorded in memory against without a
 * tracer provider. Paired bursts as above; each figure is how many times slower the observed side is.
 */
async function observabilityCosts(toolkitUrl: string, location: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [mode, key, what] of [
    ['toolkit-untimed', 'timing_overhead_page100', 'Server-Timing on vs off'],
    ['toolkit-traced', 'tracing_on_page100', 'every span recorded (in-memory exporter) vs no tracer provider'],
  ] as const) {
    const other = await serve(mode, location);
    try {
      // The observed side is the first: its rate over the other's, inverted, is how much slower it is.
      const observed = mode === 'toolkit-untimed' ? toolkitUrl : other.url;
      const plain = mode === 'toolkit-untimed' ? other.url : toolkitUrl;
      const { ratio, spread, rates } = await pairedRatio(observed + PAGE_100, plain + PAGE_100);
      results.push({
        key,
        label: `time per request, GET ${PAGE_100}, ${what}`,
        value: 1 / ratio,
        baseline: 1,
        unit: 'x',
        detail: `median of ${ROUNDS} paired bursts, spread ${(1 / spread[1]).toFixed(3)}-${(1 / spread[0]).toFixed(3)}; ${rates[0].toFixed(0)} vs ${rates[1].toFixed(0)} req/s`,
      });
    } finally {
      await stop(other);
    }
  }
  return results;
}
