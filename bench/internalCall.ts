import axios from 'axios';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExampleApp } from '../example/app';
import type { ExampleFramework } from '../example/config';
import { Api } from '../src';
import { benchDatabase } from './exampleHarness';
import type { BenchResult } from './run';

/** A route without database work (the transport alone), then two that query SQLite on both paths alike. */
const PATHS = ['/v1', '/v1/books/1', '/v1/books?include=author'];
const SUFFIX: Record<string, string> = { '/v1': '', '/v1/books/1': '_book', '/v1/books?include=author': '_books_page' };
const ROUNDS = 10;
const PER_ROUND = 100;

async function timeMany(call: () => Promise<unknown>, count: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await call();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Internal (in-process) calls against the same requests over loopback HTTP (axios, keep-alive), interleaved. */
async function measure(framework: ExampleFramework, path: string): Promise<{ internal: number; http: number }> {
  const { app, listener } = createExampleApp(framework, { onError: () => undefined });
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true });
  const client = axios.create({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, httpAgent: agent });
  const api = new Api().forApp(app);
  const internal = () => api.get(path);
  const loopback = () => client.get(path);
  try {
    await timeMany(internal, 200);
    await timeMany(loopback, 200);
    let internalMs = 0;
    let httpMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      internalMs += await timeMany(internal, PER_ROUND);
      httpMs += await timeMany(loopback, PER_ROUND);
    }
    const count = ROUNDS * PER_ROUND;
    return { internal: internalMs / count, http: httpMs / count };
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** How much faster an internal call is than the same request over loopback HTTP. */
export async function internalCall(): Promise<BenchResult[]> {
  const db = await benchDatabase();
  const results: BenchResult[] = [];
  try {
    for (const framework of ['express', 'koa'] as const) {
      for (const path of PATHS) {
        const { internal, http: loopback } = await measure(framework, path);
        const key = `internal_speedup_${framework}${SUFFIX[path]}`;
        results.push({
          key,
          label: `internal call vs loopback HTTP, ${framework} ${path}`,
          value: loopback / internal,
          baseline: 1,
          unit: 'x',
          detail: `${(internal * 1000).toFixed(0)} µs vs ${(loopback * 1000).toFixed(0)} µs`,
        });
      }
    }
    const transport = results.filter((r) => !r.key.includes('_book')).map((r) => r.value);
    results.unshift({
      key: 'internal_speedup',
      label: 'internal call vs loopback HTTP, GET /v1, slower framework',
      value: Math.min(...transport),
      baseline: 1,
      unit: 'x',
    });
    return results;
  } finally {
    await db.close();
  }
}
