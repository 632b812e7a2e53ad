import http from 'node:http';
import { bigDatabase } from './bigDatabase';
import { benchDatabase } from './exampleHarness';
import type { BenchResult } from './run';
import { STATS_PATH, type ServerStats } from './serverStats';
import { type Served, serve, stop } from './throughput';
import { median } from './median';

const RUNS = 40;

/** One GET over a keep-alive connection, timed to the last byte; its body parsed. */
function get(agent: http.Agent, url: string): Promise<{ ms: number; body: Record<string, unknown> }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`big bench: ${url} answered ${response.statusCode}`));
          resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> });
        });
      })
      .on('error', reject);
  });
}

async function medianMs(agent: http.Agent, url: string): Promise<number> {
  for (let i = 0; i < 5; i++) await get(agent, url);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await get(agent, url)).ms);
  return median(times);
}

/** The server's CPU (every thread: SQLite's work runs on libuv's) per request over `count` requests to `url`. */
async function cpuPerRequest(agent: http.Agent, served: Served, url: string, count: number): Promise<number> {
  const before = (await get(agent, served.url + STATS_PATH)).body as unknown as ServerStats;
  for (let i = 0; i < count; i++) await get(agent, url);
  const after = (await get(agent, served.url + STATS_PATH)).body as unknown as ServerStats;
  return (after.cpuMicros - before.cpuMicros) / 1000 / count;
}

/**
 * Server processes, rounds in each, and requests per side and round of a CPU figure: short rounds,
 * so that the sides alternate faster than the machine's speed drifts, and several processes, since
 * each keeps for its life the speed its code and heap were laid out with.
 */
const CPU_SERVERS = 4;
const CPU_ROUNDS = 20;
const CPU_REQUESTS = 10;

/**
 * The server's CPU per request of `measured` over `baseline` (paths), one request at a time: in each
 * of CPU_SERVERS new server processes, CPU_ROUNDS rounds of CPU_REQUESTS requests to each side (which
 * goes first alternating); the median of all rounds' ratios, and their spread. CPU, not wall time:
 * what the feature costs, without the scheduler's noise.
 */
async function cpuRatio(
  agent: http.Agent,
  location: string,
  measured: string,
  baseline: string,
): Promise<{ ratio: number; spread: [number, number]; ms: [number, number] }> {
  const ratios: number[] = [];
  const costs: Array<[number, number]> = [];
  for (let server = 0; server < CPU_SERVERS; server++) {
    const served = await serve('toolkit', location);
    try {
      for (let i = 0; i < 20; i++) for (const path of [measured, baseline]) await get(agent, served.url + path);
      for (let round = 0; round < CPU_ROUNDS; round++) {
        let ours: number;
        let theirs: number;
        if (round % 2 === 0) {
          theirs = await cpuPerRequest(agent, served, served.url + baseline, CPU_REQUESTS);
          ours = await cpuPerRequest(agent, served, served.url + measured, CPU_REQUESTS);
        } else {
          ours = await cpuPerRequest(agent, served, served.url + measured, CPU_REQUESTS);
          theirs = await cpuPerRequest(agent, served, served.url + baseline, CPU_REQUESTS);
        }
        ratios.push(ours / theirs);
        costs.push([ours, theirs]);
      }
    } finally {
      await stop(served);
    }
  }
  const ratio = median(ratios);
  return { ratio, spread: [Math.min(...ratios), Math.max(...ratios)], ms: costs[ratios.indexOf(ratio)] };
}

const CASES = [
  { key: 'big_small_page', path: '/v1/books?per_page=5', target: 1.3 },
  { key: 'big_small_includes', path: '/v1/books?per_page=5&include=author,publisher,comments', target: 1.5 },
  { key: 'big_small_nested', path: '/v1/authors?per_page=5&include=books.comments', target: 1.5 },
  { key: 'big_small_btm', path: '/v1/books?per_page=5&include=genres', target: 1.5 },
];

/**
 * `npm run bench -- --big`: the same requests on the example database (100 books) and on the big one
 * (100,000 books, 1,000,000 comments), each served by its own process; medians of 40 after 5 warm-ups.
 * Also page 10,000 of /v1/comments by cursor against its first page, on the big database.
 */
export async function big(): Promise<BenchResult[]> {
  const bigFile = await bigDatabase((line) => console.error(line));
  const small = await benchDatabase();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const servers = { small: await serve('toolkit', small.location), big: await serve('toolkit', bigFile) };
  try {
    const results: BenchResult[] = [];
    for (const { key, path, target } of CASES) {
      const smallMs = await medianMs(agent, servers.small.url + path);
      const bigMs = await medianMs(agent, servers.big.url + path);
      results.push({
        key,
        label: `big/small database, GET ${path} (target <= ${target})`,
        value: bigMs / smallMs,
        baseline: 1,
        unit: 'x',
        detail: `${bigMs.toFixed(2)} ms vs ${smallMs.toFixed(2)} ms`,
      });
    }
    // A page of 100 filtered through a relation (the author's name: its ids, then the books through
    // books(author_id, created_at, id)) against the unfiltered page, both on the big database.
    const plain = '/v1/books?per_page=100';
    const filtered = `${plain}&filter[author.name]=${encodeURIComponent('Ada Lovelace')}`;
    const filter = await cpuRatio(agent, bigFile, filtered, plain);
    results.push({
      key: 'filter_relation_page_vs_plain',
      label: 'GET /v1/books?per_page=100&filter[author.name]=... over the unfiltered page, server CPU, big database (target <= 1.3)',
      value: filter.ratio,
      baseline: 1,
      unit: 'x',
      detail: `median of ${CPU_SERVERS * CPU_ROUNDS} rounds in ${CPU_SERVERS} processes, spread ${filter.spread[0].toFixed(2)}-${filter.spread[1].toFixed(2)}; ${filter.ms[0].toFixed(2)} vs ${filter.ms[1].toFixed(2)} ms CPU`,
    });
    // Page 10,001 of 5 by cursor: walk 50,000 comments 100 at a time, then ask for 5 from there.
    let cursor = '';
    for (let page = 0; page < 500; page++) {
      const { body } = await get(agent, `${servers.big.url}/v1/comments?per_page=100${cursor ? `&cursor=${cursor}` : ''}`);
      cursor = (body.meta as { cursor: { next: string } }).cursor.next;
    }
    const firstMs = await medianMs(agent, `${servers.big.url}/v1/comments?per_page=5`);
    const deepMs = await medianMs(agent, `${servers.big.url}/v1/comments?per_page=5&cursor=${cursor}`);
    results.push({
      key: 'cursor_deep_vs_first',
      label: 'page 10,001 by cursor over page 1, GET /v1/comments?per_page=5, big database',
      value: deepMs / firstMs,
      baseline: 1,
      unit: 'x',
      detail: `${deepMs.toFixed(2)} ms vs ${firstMs.toFixed(2)} ms`,
    });
    return results;
  } finally {
    agent.destroy();
    await stop(servers.small);
    await stop(servers.big);
    await small.close();
  }
}
