import axios from 'axios';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExampleApp } from '../example/app';
import type { ExampleFramework } from '../example/config';
import { Api, apiStateOf } from '../src';
import { IndexController } from '../example/controllers/IndexController';
import { createContext } from '../src/context/createContext';
import { requestStorage } from '../src/context/RequestContext';
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

/** A competent hand-written client: node:http with a keep-alive agent, the body collected and parsed. */
function plainClient(port: number, agent: http.Agent): (path: string) => Promise<unknown> {
  return (path) =>
    new Promise((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
}

/** The least an in-process call could cost: the controller action called directly, rendered, and the body parsed. */
function directCall(app: unknown): () => Promise<unknown> {
  const state = apiStateOf(app)!;
  const controller = new IndexController();
  return () => {
    const context = createContext(state, { method: 'GET', url: '/v1', headers: { host: 'localhost' }, protocol: 'http', host: 'localhost' });
    return requestStorage.run(context, async () => JSON.parse((await controller.index().render()).body!) as unknown);
  };
}

interface Timings {
  internal: number;
  http: number;
  axios: number;
  direct: number;
}

/** Internal (in-process) calls against the same requests over loopback HTTP (node:http and axios, keep-alive), interleaved. */
async function measure(framework: ExampleFramework, path: string): Promise<Timings> {
  const { app, listener } = createExampleApp(framework, { onError: () => undefined });
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true });
  const client = axios.create({ baseURL: `http://127.0.0.1:${port}`, httpAgent: agent });
  const plain = plainClient(port, agent);
  const api = new Api().forApp(app);
  const calls = {
    internal: () => api.get(path),
    http: () => plain(path),
    axios: () => client.get(path),
    direct: path === '/v1' ? directCall(app) : () => api.get(path),
  };
  try {
    for (const call of Object.values(calls)) await timeMany(call, 200);
    const totals = { internal: 0, http: 0, axios: 0, direct: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of Object.keys(calls) as Array<keyof Timings>) totals[name] += await timeMany(calls[name], PER_ROUND);
    }
    const count = ROUNDS * PER_ROUND;
    return { internal: totals.internal / count, http: totals.http / count, axios: totals.axios / count, direct: totals.direct / count };
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

/** How much faster an internal call is than the same request over loopback HTTP. */
export async function internalCall(): Promise<BenchResult[]> {
  const db = await benchDatabase();
  const results: BenchResult[] = [];
  try {
    const speedups: number[] = [];
    const direct: number[] = [];
    for (const framework of ['express', 'koa'] as const) {
      for (const path of PATHS) {
        const t = await measure(framework, path);
        const suffix = SUFFIX[path];
        results.push({
          key: `internal_speedup_http_${framework}${suffix}`,
          label: `internal call vs node:http keep-alive, ${framework} ${path}`,
          value: t.http / t.internal,
          baseline: 1,
          unit: 'x',
          detail: `${us(t.internal)} vs ${us(t.http)}`,
        });
        results.push({
          key: `internal_speedup_${framework}${suffix}`,
          label: `internal call vs axios keep-alive, ${framework} ${path}`,
          value: t.axios / t.internal,
          baseline: 1,
          unit: 'x',
          detail: `${us(t.internal)} vs ${us(t.axios)} (axios adds its own client work)`,
        });
        if (path === '/v1') {
          speedups.push(t.http / t.internal);
          direct.push(t.internal / t.direct);
          results.push({
            key: `internal_vs_direct_${framework}`,
            label: `internal call vs the action called directly + render + JSON.parse, ${framework} /v1`,
            value: t.internal / t.direct,
            baseline: 1,
            unit: 'x',
            detail: `${us(t.internal)} vs ${us(t.direct)}`,
          });
        }
      }
    }
    results.unshift(
      {
        key: 'internal_speedup',
        label: 'internal call vs node:http keep-alive, GET /v1, slower framework',
        value: Math.min(...speedups),
        baseline: 1,
        unit: 'x',
      },
      { key: 'internal_vs_direct', label: 'internal call over the direct call, GET /v1, slower framework', value: Math.max(...direct), baseline: 1, unit: 'x' },
    );
    return results;
  } finally {
    await db.close();
  }
}
