import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { median } from './median';
import type { BenchResult } from './run';
import type { ServerMode } from './throughput';

/**
 * Process pairs per figure (every other pair starts its processes in the other order), rounds per
 * pair, requests per side and round. Rounds are short (two requests, about 15 ms) so that the two
 * sides alternate faster than this machine's speed drifts; pairs are several because a process
 * keeps its own speed (its code and heap as they were laid out) for its life.
 */
const PAIRS = 8;
const ROUNDS = 200;
const REQUESTS = 2;

/** One worker process of bench/sequentialCpuWorker.ts: ask it for a round, read its CPU per request. */
interface Worker {
  round(): Promise<number>;
  stop(): Promise<void>;
}

async function startWorker(mode: ServerMode, location: string, route: string): Promise<Worker> {
  const env = { ...process.env, NODE_ENV: 'production' };
  const child = spawn(process.execPath, [path.join(__dirname, 'sequentialCpuWorker.js'), mode, location, route, String(REQUESTS)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env,
  });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`sequential CPU bench: the ${mode} worker exited`);
    return line.value;
  };
  if ((await next()) !== 'ready') throw new Error(`sequential CPU bench: the ${mode} worker did not start`);
  return {
    round: async () => {
      child.stdin.write('go\n');
      return Number(await next());
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.write('stop\n');
      }),
  };
}

/**
 * Server CPU per request of `mode` over `plainMode`'s (the plain toolkit's unless told), both driven one request at a time in
 * processes of their own (bench/sequentialCpuWorker.ts): PAIRS pairs of processes, ROUNDS rounds
 * each, the two sides of a round back to back and the first of them alternating. A pair's ratio is
 * its featured side's CPU over its plain side's, summed over its rounds; the figure is the geometric
 * mean of the pairs' ratios. Nothing else runs beside the two (no load generator, no socket), so the
 * figure is the feature's own CPU, which paired bursts under load cannot resolve below about 10 % here.
 */
export async function sequentialCpuRatio(
  mode: ServerMode,
  location: string,
  route: string,
  plainMode: ServerMode = 'toolkit',
): Promise<{ ratio: number; ratios: number[]; ms: [number, number] }> {
  const ratios: number[] = [];
  const featured: number[] = [];
  const plain: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    let featuredSum = 0;
    let plainSum = 0;
    const first = await startWorker(pair % 2 === 0 ? mode : plainMode, location, route);
    const second = await startWorker(pair % 2 === 0 ? plainMode : mode, location, route);
    const [withFeature, without] = pair % 2 === 0 ? [first, second] : [second, first];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        let a: number;
        let b: number;
        if (round % 2 === 0) {
          a = await withFeature.round();
          b = await without.round();
        } else {
          b = await without.round();
          a = await withFeature.round();
        }
        featured.push(a);
        plain.push(b);
        featuredSum += a;
        plainSum += b;
      }
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
    ratios.push(featuredSum / plainSum);
  }
  const ratio = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
  return { ratio, ratios, ms: [median(featured), median(plain)] };
}

/**
 * The policy's and the byte and resource budget's CPU per request on the 100-book page, measured
 * one request at a time (see sequentialCpuRatio), and the same method's noise floor: the plain
 * toolkit against itself.
 */
export async function cpuOverheads(location: string, route: string): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const [mode, plainMode, key, what] of [
    ['toolkit-policy', 'toolkit', 'policy_cpu_overhead_page100', "a reader's policy (a row scope, two hidden fields) vs no policy"],
    ['toolkit', 'toolkit-unbudgeted', 'budget_cpu_overhead_page100', 'byte and resource budget on vs off'],
    ['toolkit', 'toolkit', 'cpu_noise_page100', 'the same server against itself (the noise floor of this figure)'],
  ] as const) {
    const { ratio, ratios, ms } = await sequentialCpuRatio(mode, location, route, plainMode);
    results.push({
      key,
      label: `server CPU per request, GET ${route}, one request at a time in process, ${what}`,
      value: ratio,
      baseline: 1,
      unit: 'x',
      detail:
        `geometric mean of ${PAIRS} process pairs (${ROUNDS} alternating rounds of ${REQUESTS} requests a side each): ` +
        `${ratios.map((r) => r.toFixed(3)).join(', ')}; median round ${ms[0].toFixed(2)} vs ${ms[1].toFixed(2)} ms a request`,
    });
  }
  return results;
}
