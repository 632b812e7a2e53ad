import { createExampleApp } from '../example/app';
import { ATOMIC_MEDIA_TYPE } from '../src';
import { dispatchInProcess } from '../src/dispatcher/inProcess';
import { benchDatabase } from './exampleHarness';
import { median } from './median';
import type { BenchResult } from './run';

/** Rounds per figure; each round times the refusal and its baseline once, interleaved. */
const ROUNDS = 15;

/** The red team's include that loops through publishers and books: refused by include.maxResources. */
const LOOP = 'books:limit(100).publisher.books:limit(100).publisher.books:limit(100).publisher.books:limit(100).publisher.books:limit(100).publisher';

type Send = (method: string, url: string, body?: string, type?: string) => Promise<number>;

async function timed(work: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Median ms of `refusal` and of `baseline`, interleaved, after checking the refusal's status. */
async function pair(refusal: () => Promise<number>, statuses: number[], baseline: () => unknown): Promise<[number, number]> {
  const status = await refusal();
  if (!statuses.includes(status)) throw new Error(`refusals bench: expected ${statuses.join(' or ')}, got ${status}`);
  const refused: number[] = [];
  const base: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    refused.push(await timed(refusal));
    base.push(await timed(baseline));
  }
  return [median(refused), median(base)];
}

/**
 * What a hostile request costs before it is refused, against what the same bytes or the same
 * resource cost anyway (the bounds the test suite used to assert in seconds):
 * - `refusal_include_loop`: the looping include (400 at include.maxResources) over the plain
 *   `GET /v1/publishers/1` it starts from;
 * - `refusal_batch_10000`: a batch of 10,000 writes (400 or 413) over `JSON.parse` of its body;
 * - `refusal_atomic_10000`: 10,000 atomic operations (400 or 413) over `JSON.parse` of its body.
 */
export async function refusals(): Promise<BenchResult[]> {
  const db = await benchDatabase();
  const results: BenchResult[] = [];
  try {
    const sender = (serializer: 'array' | 'json-api'): Send => {
      const { listener } = createExampleApp('express', { api: { serializer }, sequelize: db.sequelize, onError: () => undefined });
      return async (method, url, body, type = 'application/json') => {
        const bytes = body === undefined ? undefined : Buffer.from(body);
        const headers = bytes ? { 'content-type': type, 'content-length': String(bytes.length), accept: type } : {};
        return (await dispatchInProcess(listener, { method, url, headers, body: bytes, origin: 'client' })).status;
      };
    };
    const send = sender('array');
    const [loop, item] = await pair(
      () => send('GET', `/v1/publishers/1?include=${encodeURIComponent(LOOP)}`),
      [400],
      () => send('GET', '/v1/publishers/1'),
    );
    results.push({ key: 'refusal_include_loop', label: 'looping include refused over GET /v1/publishers/1 (ms)', value: loop, baseline: item, unit: 'ms' });

    const write = { method: 'POST', url: '/v1/books', body: { title: 'Hostile', author_id: 1, publisher_id: 2 } };
    const batch = JSON.stringify({ requests: Array.from({ length: 10_000 }, () => write) });
    const [batchMs, batchParse] = await pair(
      () => send('POST', '/v1/batch', batch),
      [400, 413],
      () => JSON.parse(batch),
    );
    results.push({
      key: 'refusal_batch_10000',
      label: 'batch of 10,000 writes refused over JSON.parse of it (ms)',
      value: batchMs,
      baseline: batchParse,
      unit: 'ms',
    });

    const jsonApi = sender('json-api');
    const operations = JSON.stringify({ 'atomic:operations': Array.from({ length: 10_000 }, () => ({ op: 'remove', ref: { type: 'books', id: '1' } })) });
    const [atomicMs, atomicParse] = await pair(
      () => jsonApi('POST', '/v1/operations', operations, ATOMIC_MEDIA_TYPE),
      [400, 413],
      () => JSON.parse(operations),
    );
    results.push({
      key: 'refusal_atomic_10000',
      label: '10,000 atomic operations refused over JSON.parse of them (ms)',
      value: atomicMs,
      baseline: atomicParse,
      unit: 'ms',
    });
  } finally {
    await db.close();
  }
  return results;
}
