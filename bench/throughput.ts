import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { benchDatabase, BenchTarget, benchTargets } from './exampleHarness';
import type { BenchResult } from './run';
import { median } from './median';
import { cpuOverheads } from './sequentialCpu';
import { STATS_PATH, type ServerStats } from './serverStats';

const TARGET = '/v1/books?include=author';
/** Seconds of each timed burst, and of the untimed one each server gets first. */
const SECONDS = 3;
const WARM_UP_SECONDS = 2;
/** Pairs of bursts (one per server, back to back): the figure is the median of their ratios. */
const ROUNDS = 5;
const CONNECTIONS = 10;

export interface Served {
  url: string;
  child: ChildProcess;
}

/** The servers bench/throughputServer.ts can start. */
export type ServerMode = 'toolkit' | 'toolkit-timed' | 'toolkit-traced' | 'toolkit-unbudgeted' | 'toolkit-policy' | 'toolkit-instances' | 'baseline' | 'raw';

/** Starts a server process (toolkit or hand-written) on the bench database. */
export function serve(mode: ServerMode, location: string): Promise<Served> {
  // Every server as production runs it (the toolkit's Server-Timing off unless a mode turns it on).
  const env = { ...process.env, NODE_ENV: 'production' };
  const child = spawn(process.execPath, [path.join(__dirname, 'throughputServer.js'), mode, location], { stdio: ['ignore', 'pipe', 'inherit'], env });
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

/** One timed burst at one server: its rate, and what the server spent per request meanwhile. */
interface Burst {
  rate: number;
  cpuMs: number;
  allocatedBytes: number;
  instances: number;
}

async function statsOf(served: Served): Promise<ServerStats> {
  return (await (await fetch(served.url + STATS_PATH)).json()) as ServerStats;
}

async function burst(served: Served, route: string, seconds = SECONDS): Promise<Burst> {
  const before = await statsOf(served);
  const result = await autocannon({ url: served.url + route, connections: CONNECTIONS, duration: seconds });
  const after = await statsOf(served);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`throughput bench: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const requests = Math.max(1, result.requests.total);
  return {
    rate: result.requests.average,
    cpuMs: (after.cpuMicros - before.cpuMicros) / 1000 / requests,
    allocatedBytes: (after.allocatedBytes - before.allocatedBytes) / requests,
    instances: (after.instances - before.instances) / requests,
  };
}

/** Two servers compared on one route: medians of the paired figures, and their spread. */
export interface Paired {
  /** Ours over theirs, requests per second. */
  ratio: number;
  spread: [number, number];
  /** Theirs over ours, server CPU per request (above 1: ours spends less). */
  cpuRatio: number;
  cpuSpread: [number, number];
  ours: Burst;
  theirs: Burst;
}

const medianBurst = (bursts: Burst[]): Burst => ({
  rate: median(bursts.map((b) => b.rate)),
  cpuMs: median(bursts.map((b) => b.cpuMs)),
  allocatedBytes: median(bursts.map((b) => b.allocatedBytes)),
  instances: median(bursts.map((b) => b.instances)),
});

/**
 * Our server against theirs on one route: after an untimed burst each, ROUNDS pairs of bursts back
 * to back, the first of each pair alternating; the median of the pairs' ratios. A pair runs within
 * seconds, so a slow spell of the machine weighs on both of its sides. Each burst also reads the
 * server's CPU (all threads), allocation and model instances per request.
 */
export async function pairedRatio(ours: Served, theirs: Served, route: string): Promise<Paired> {
  await burst(theirs, route, WARM_UP_SECONDS);
  await burst(ours, route, WARM_UP_SECONDS);
  const pairs: Array<[Burst, Burst]> = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      const other = await burst(theirs, route);
      pairs.push([await burst(ours, route), other]);
    } else {
      const mine = await burst(ours, route);
      pairs.push([mine, await burst(theirs, route)]);
    }
  }
  const ratios = pairs.map(([a, b]) => a.rate / b.rate);
  const cpuRatios = pairs.map(([a, b]) => b.cpuMs / a.cpuMs);
  return {
    ratio: median(ratios),
    spread: [Math.min(...ratios), Math.max(...ratios)],
    cpuRatio: median(cpuRatios),
    cpuSpread: [Math.min(...cpuRatios), Math.max(...cpuRatios)],
    ours: medianBurst(pairs.map(([a]) => a)),
    theirs: medianBurst(pairs.map(([, b]) => b)),
  };
}

/** A burst's per-request figures, for the table. */
const spent = (b: Burst) =>
  `${b.cpuMs.toFixed(2)} ms CPU, ${(b.allocatedBytes / 1e6).toFixed(2)} MB allocated, ${b.instances.toFixed(0)} instances per request`;

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

/** Refuses to time servers that do not answer the same JSON (links aside, which name each server). */
async function sameBodies(route: string, servers: Served[]): Promise<void> {
  const bodies = await Promise.all(servers.map(async ({ url }) => (await (await fetch(url + route)).text()).split(url).join('ORIGIN')));
  if (bodies.some((body) => body !== bodies[0])) throw new Error(`throughput bench: the servers answer different JSON for ${route}`);
}

const PAGE_100 = CASES[1].path;

async function throughputOn(target: BenchTarget): Promise<BenchResult[]> {
  const db = await benchDatabase(target);
  const toolkit = await serve('toolkit', db.location);
  const baseline = await serve('baseline', db.location);
  const raw = await serve('raw', db.location);
  const suffix = target.name === 'sqlite' ? '' : `_${target.name}`;
  const where = target.name === 'sqlite' ? '' : ` (${target.name})`;
  const results: BenchResult[] = [];
  try {
    for (const { path: route } of CASES) await sameBodies(route, [toolkit, baseline, raw]);
    for (const { path: route, key } of CASES) {
      const paired = await pairedRatio(toolkit, baseline, route);
      results.push({
        key: `${key}${suffix}`,
        label: `requests/s, GET ${route}, toolkit vs hand-written${where}`,
        value: paired.ratio,
        baseline: 1,
        unit: 'x',
        detail:
          `median of ${ROUNDS} paired ${SECONDS} s bursts, spread ${paired.spread[0].toFixed(2)}-${paired.spread[1].toFixed(2)}; ` +
          `${paired.ours.rate.toFixed(0)} vs ${paired.theirs.rate.toFixed(0)} req/s (${CONNECTIONS} connections); ` +
          `toolkit ${spent(paired.ours)}; by hand ${spent(paired.theirs)}`,
      });
    }
    results.push(...(await againstRaw(toolkit, raw, suffix, where)));
    if (target.name === 'sqlite') results.push(...(await overheads(db.location)), ...(await cpuOverheads(db.location, PAGE_100)));
    return results;
  } finally {
    await Promise.all([stop(toolkit), stop(baseline), stop(raw)]);
    await db.close();
  }
}

/** The 100-book page against the raw driver path: requests per second, and server CPU per request (the steadier figure). */
async function againstRaw(toolkit: Served, raw: Served, suffix: string, where: string): Promise<BenchResult[]> {
  const paired = await pairedRatio(toolkit, raw, PAGE_100);
  const detail = `median of ${ROUNDS} paired ${SECONDS} s bursts; toolkit ${spent(paired.ours)}; raw ${spent(paired.theirs)}`;
  const results: BenchResult[] = [
    {
      key: `throughput_ratio_raw_page100${suffix}`,
      label: `requests/s, GET ${PAGE_100}, toolkit vs raw driver route${where}`,
      value: paired.ratio,
      baseline: 1,
      unit: 'x',
      detail: `spread ${paired.spread[0].toFixed(2)}-${paired.spread[1].toFixed(2)}; ${paired.ours.rate.toFixed(0)} vs ${paired.theirs.rate.toFixed(0)} req/s; ${detail}`,
    },
    {
      key: `cpu_ratio_raw_page100${suffix}`,
      label: `server CPU per request, GET ${PAGE_100}, raw driver route / toolkit${where}`,
      value: paired.cpuRatio,
      baseline: 1,
      unit: 'x',
      detail: `spread ${paired.cpuSpread[0].toFixed(2)}-${paired.cpuSpread[1].toFixed(2)}; ${paired.theirs.cpuMs.toFixed(2)} vs ${paired.ours.cpuMs.toFixed(2)} ms`,
    },
  ];
  if (suffix !== '') return results;
  return [
    ...results,
    {
      key: 'allocated_mb_page100',
      label: `MB allocated per request, GET ${PAGE_100}, toolkit (baseline: raw route)`,
      value: paired.ours.allocatedBytes / 1e6,
      baseline: Number((paired.theirs.allocatedBytes / 1e6).toFixed(2)),
      unit: 'MB',
      detail: 'heap growth between collections (V8 GCProfiler), median of the bursts',
    },
    {
      key: 'instances_page100',
      label: `model instances built per request, GET ${PAGE_100}, toolkit`,
      value: paired.ours.instances,
      baseline: 0,
      unit: '',
      detail: `raw route: ${paired.theirs.instances.toFixed(0)}`,
    },
  ];
}

/** Fresh server pairs per overhead: one pair's median moves by a tenth with the processes it got. */
const OVERHEAD_PAIRS = 3;

/**
 * What the toolkit's own safeguards and observability cost on the 100-book page: the example's
 * server (Server-Timing on, statements timed, byte and resource budget on) against the same without
 * timing, with every span recorded in memory against without a tracer provider, and without the
 * budget. Paired bursts as above, in OVERHEAD_PAIRS pairs of freshly started servers; each figure is
 * the median of the pairs' medians: how many times slower the side with the feature is.
 */
async function overheads(location: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [mode, key, what] of [
    ['toolkit-timed', 'timing_overhead_page100', 'Server-Timing on vs off'],
    ['toolkit-traced', 'tracing_on_page100', 'every span recorded (in-memory exporter) vs no tracer provider'],
    ['toolkit-unbudgeted', 'budget_overhead_page100', 'byte and resource budget on vs off'],
    ['toolkit-policy', 'policy_overhead_page100', "a reader's policy (a row scope, two hidden fields) vs no policy"],
    // The same server against itself: how far a ratio of two equal servers strays here (the noise floor).
    ['toolkit', 'overhead_noise_page100', 'the same server against itself (no feature: the noise floor)'],
  ] as const) {
    const slower: number[] = [];
    const cpu: string[] = [];
    for (let pair = 0; pair < OVERHEAD_PAIRS; pair++) {
      // Both sides are started for the pair: a server that has served every burst before it runs a
      // quarter faster than one just started (seen as budget "off" slower than "on", 0.82), which
      // would be read as the cost of whichever feature the new server has.
      // Which of the two starts first alternates from pair to pair (pinned to one core, the first
      // started ran slower every time; unpinned, no such order showed, but none is assumed).
      const [other, fresh] = await startPair(mode, location, pair % 2 === 0);
      try {
        // The side with the feature is the first: its rate over the other's, inverted, is how much slower it is.
        const [featured, plain] = mode === 'toolkit-unbudgeted' ? [fresh, other] : [other, fresh];
        const paired = await pairedRatio(featured, plain, PAGE_100);
        slower.push(1 / paired.ratio);
        cpu.push(`${paired.ours.cpuMs.toFixed(2)}/${paired.theirs.cpuMs.toFixed(2)}`);
      } finally {
        await Promise.all([stop(other), stop(fresh)]);
      }
    }
    results.push({
      key,
      label: `time per request, GET ${PAGE_100}, ${what}`,
      value: median(slower),
      baseline: 1,
      unit: 'x',
      detail:
        `median of ${OVERHEAD_PAIRS} fresh server pairs of ${ROUNDS} paired bursts each: ${slower.map((value) => value.toFixed(3)).join(', ')}; ` +
        `CPU ms per request with/without: ${cpu.join(', ')}`,
    });
  }
  return results;
}

/** The feature's server and the plain one, started in the order asked. */
async function startPair(mode: ServerMode, location: string, featureFirst: boolean): Promise<[Served, Served]> {
  if (featureFirst) return [await serve(mode, location), await serve('toolkit', location)];
  const plain = await serve('toolkit', location);
  return [await serve(mode, location), plain];
}
