import { spawnSync } from 'node:child_process';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import { createExampleApp } from '../example/app';
import type { ExampleFramework } from '../example/config';
import { Api, ATOMIC_MEDIA_TYPE } from '../src';
import { dispatchInProcess } from '../src/dispatcher/inProcess';
import { parseBody } from '../src/dispatcher/parseBody';
import { JSON_API_MEDIA_TYPE } from '../src/jsonapi/errorDocument';
import { benchDatabase } from './exampleHarness';
import { median } from './median';
import type { BenchResult } from './run';

/** Writes per round, timed rounds, and the warm-up before them (ms). */
const WRITES = 10;
const ROUNDS = 40;
const WARM_UP_MS = 1000;
const PROCESS_ROUNDS = 3;

export type AtomicSide = 'atomic' | 'sequential';

/** One new book as a JSON:API resource object. */
const book = (n: number) => ({
  type: 'books',
  attributes: { title: `Bench book ${n}` },
  relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '2' } } },
});

/** The two ways of making the same ten writes: one atomic operations request, or ten plain internal POSTs. */
function workOf(api: Api, listener: RequestListener, side: AtomicSide): () => Promise<void> {
  if (side === 'atomic') {
    return async () => {
      const body = Buffer.from(JSON.stringify({ 'atomic:operations': Array.from({ length: WRITES }, (_, i) => ({ op: 'add', data: book(i) })) }));
      // A client's request (depth 0), without a socket as the internal calls it is compared with: an
      // operations request made from inside another request is refused (they do not nest).
      const headers = { host: 'localhost', 'content-type': ATOMIC_MEDIA_TYPE, 'content-length': String(body.length) };
      const answer = await dispatchInProcess(listener, { method: 'POST', url: '/v1/operations', headers, body, origin: { depth: 0, protocol: 'http' } });
      if (answer.status !== 200) throw new Error(`atomic bench: operations answered ${answer.status}: ${String(answer.body).slice(0, 300)}`);
      parseBody(answer.body, answer.headers['content-type']);
    };
  }
  return async () => {
    for (let i = 0; i < WRITES; i++) {
      const answer = await api.request({ method: 'POST', url: '/v1/books', headers: { 'content-type': JSON_API_MEDIA_TYPE }, body: { data: book(i) } });
      if (answer.status !== 201) throw new Error(`atomic bench: a plain write answered ${answer.status}`);
    }
  };
}

/** One side alone in this process (the worker's job): milliseconds per round of ten writes, the median of ROUNDS. */
export async function measureAtomicSide(framework: ExampleFramework, side: AtomicSide): Promise<number> {
  const db = await benchDatabase();
  try {
    const { app, listener } = createExampleApp(framework, { onError: () => undefined, sequelize: db.sequelize, api: { serializer: 'json-api' } });
    const work = workOf(new Api().forApp(app), listener, side);
    const start = Date.now();
    while (Date.now() - start < WARM_UP_MS) await work();
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const begin = process.hrtime.bigint();
      await work();
      times.push(Number(process.hrtime.bigint() - begin) / 1e6);
    }
    return median(times);
  } finally {
    await db.close();
  }
}

function measureInProcess(framework: ExampleFramework, side: AtomicSide): number {
  const result = spawnSync(process.execPath, [path.join(__dirname, 'atomicWritesWorker.js'), framework, side], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`atomic bench: the ${framework} ${side} worker failed: ${result.stderr}`);
  return Number(result.stdout.trim());
}

/**
 * Ten writes as one JSON:API atomic operations request (one transaction, the document handling)
 * over the same ten writes as ten plain internal calls, each side in processes of its own,
 * alternating; the slower framework's median ratio.
 */
export function atomicWrites(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const framework of ['express', 'koa'] as const) {
    const pairs: Array<[number, number]> = [];
    for (let round = 0; round < PROCESS_ROUNDS; round++) pairs.push([measureInProcess(framework, 'atomic'), measureInProcess(framework, 'sequential')]);
    const ratios = pairs.map(([atomic, sequential]) => atomic / sequential);
    const ratio = median(ratios);
    const [atomic, sequential] = pairs[ratios.indexOf(ratio)];
    results.push({
      key: `atomic_vs_sequential_${framework}`,
      label: `${WRITES} writes as one atomic operations request vs ${WRITES} internal POSTs, ${framework}`,
      value: ratio,
      baseline: 1,
      unit: 'x',
      detail: `${atomic.toFixed(2)} ms vs ${sequential.toFixed(2)} ms, spread ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`,
    });
  }
  results.unshift({
    key: 'atomic_vs_sequential',
    label: `${WRITES} writes atomic vs sequential, slower framework`,
    value: Math.max(...results.map((r) => r.value)),
    baseline: 1,
    unit: 'x',
  });
  return Promise.resolve(results);
}
