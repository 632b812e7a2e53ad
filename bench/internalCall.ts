import axios from 'axios';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createExampleApp } from '../example/app';
import type { ExampleFramework } from '../example/config';
import { Api, apiStateOf } from '../src';
import { IndexController } from '../example/controllers/IndexController';
import { createContext } from '../src/context/createContext';
import { dispatchInProcess } from '../src/dispatcher/inProcess';
import { parseBody } from '../src/dispatcher/parseBody';
import { AppState, requestStorage } from '../src/context/RequestContext';
import type { RenderedResponse } from '../src/response/RenderedResponse';
import { benchDatabase } from './exampleHarness';
import type { BenchResult } from './run';
import { median } from './median';

/** A route without database work (the transport alone), then two that query SQLite on both paths alike. */
const PATHS = ['/v1', '/v1/books/1', '/v1/books?include=author'];
const SUFFIX: Record<string, string> = { '/v1': '', '/v1/books/1': '_book', '/v1/books?include=author': '_books_page' };
/** Timed calls per path: the transport alone is short, so it gets more. */
const CALLS: Record<string, number> = { '/v1': 2000, '/v1/books/1': 400, '/v1/books?include=author': 400 };
/** Each path is called for this long first (ms), so that what is timed runs optimized code. */
const WARM_UP_MS: Record<string, number> = { '/v1': 1500, '/v1/books/1': 500, '/v1/books?include=author': 500 };

async function timeMany(call: () => Promise<unknown>, count: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await call();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function warmUp(call: () => Promise<unknown>, ms: number): Promise<void> {
  const start = Date.now();
  for (let calls = 0; calls < 200 || Date.now() - start < ms; calls++) await call();
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

const INDEX = new IndexController();

/** The example's index action run in a fresh request context and rendered, with no framework around it. */
function renderIndex(state: AppState, headers: http.IncomingHttpHeaders): Promise<RenderedResponse> {
  const context = createContext(state, { method: 'GET', url: '/v1', headers, protocol: 'http', host: 'localhost' });
  return requestStorage.run(context, () => INDEX.index().render());
}

/** The least an in-process call could cost: the controller action called directly, rendered, and the body parsed. */
function directCall(app: unknown): () => Promise<unknown> {
  const state = apiStateOf(app)!;
  return async () => JSON.parse((await renderIndex(state, { host: 'localhost' })).body!) as unknown;
}

/**
 * The floor of any in-process call that keeps real request and response objects: the same socket-less
 * IncomingMessage and ServerResponse as an internal call, handed to a bare listener that runs the
 * action and writes its rendered body, the body parsed as `Api` parses it; no framework, no routing.
 */
function floorCall(app: unknown): () => Promise<unknown> {
  const state = apiStateOf(app)!;
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    renderIndex(state, req.headers).then(
      (rendered) => {
        res.setHeader('content-type', rendered.headers['content-type']);
        res.end(rendered.body);
      },
      (error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      },
    );
  };
  return async () => {
    const response = await dispatchInProcess(listener, { method: 'GET', url: '/v1', headers: { host: 'localhost' } });
    if (response.status !== 200) throw new Error(`internal call bench: the floor listener failed: ${String(response.body)}`);
    return parseBody(response.body, response.headers['content-type']);
  };
}

/**
 * light-my-request's inject() into the same app, the body parsed. It rewrites Express's shared
 * request and response prototypes on first use, so it only ever runs in a process of its own.
 */
function injectCall(listener: http.RequestListener): (path: string) => () => Promise<unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { inject } = require('light-my-request') as typeof import('light-my-request');
  return (path) => async () => {
    const response = await inject(listener, { method: 'GET', url: path, headers: { host: 'localhost' } });
    return JSON.parse(response.payload) as unknown;
  };
}

/** One way of making the calls; each is measured in a process of its own. */
export type Side = 'internal' | 'http' | 'axios' | 'direct' | 'floor' | 'lmr';
const SIDES: Side[] = ['internal', 'http', 'axios', 'direct', 'floor', 'lmr'];
const PROCESS_ROUNDS = 3;

/** Microseconds a call, by path. */
type Timings = Record<string, number>;

/**
 * One side alone (the worker's job): the example app, and for the HTTP sides a server on loopback
 * in the same process; each path warmed up for WARM_UP_MS, then timed over CALLS sequential calls.
 * No other side's garbage is collected during its timing.
 */
export async function measureSide(framework: ExampleFramework, side: Side): Promise<Timings> {
  const db = await benchDatabase();
  const { app, listener } = createExampleApp(framework, { onError: () => undefined, sequelize: db.sequelize });
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true });
  try {
    const api = new Api().forApp(app);
    const client = axios.create({ baseURL: `http://127.0.0.1:${port}`, httpAgent: agent });
    const plain = plainClient(port, agent);
    const callOf: Record<Side, (path: string) => () => Promise<unknown>> = {
      internal: (path) => () => api.get(path),
      http: (path) => () => plain(path),
      axios: (path) => () => client.get(path),
      direct: () => directCall(app),
      floor: () => floorCall(app),
      lmr: side === 'lmr' ? injectCall(listener) : () => () => Promise.reject(new Error('light-my-request runs alone')),
    };
    const timings: Timings = {};
    for (const path of side === 'direct' || side === 'floor' ? ['/v1'] : PATHS) {
      const call = callOf[side](path);
      await warmUp(call, WARM_UP_MS[path]);
      timings[path] = ((await timeMany(call, CALLS[path])) / CALLS[path]) * 1000;
    }
    return timings;
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  }
}

/** Runs one side in a process of its own (bench/internalCallWorker.ts). */
function measureInProcess(framework: ExampleFramework, side: Side): Timings {
  const worker = path.join(__dirname, 'internalCallWorker.js');
  const result = spawnSync(process.execPath, [worker, framework, side], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`internal call bench: the ${framework} ${side} worker failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Timings;
}

/** Every side of one framework, each in its own processes, PROCESS_ROUNDS times alternating: the median per side and path. */
function measure(framework: ExampleFramework): Record<Side, Timings> {
  const runs: Array<Record<Side, Timings>> = [];
  for (let round = 0; round < PROCESS_ROUNDS; round++) {
    runs.push(Object.fromEntries(SIDES.map((side) => [side, measureInProcess(framework, side)])) as Record<Side, Timings>);
  }
  return Object.fromEntries(
    SIDES.map((side) => [side, Object.fromEntries(Object.keys(runs[0][side]).map((key) => [key, median(runs.map((run) => run[side][key]))]))]),
  ) as Record<Side, Timings>;
}

const us = (micros: number) => `${micros.toFixed(0)} µs`;

/**
 * How much faster an internal call is than the same request over loopback HTTP, and how close it
 * comes to calling the action directly. Each side runs in processes of its own, PROCESS_ROUNDS times
 * alternating, so that no side's garbage is collected during another's timing.
 */
export function internalCall(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const speedups: number[] = [];
  const direct: number[] = [];
  const floors: number[] = [];
  const lmr: number[] = [];
  const overFloor: number[] = [];
  for (const framework of ['express', 'koa'] as const) {
    const t = measure(framework);
    for (const route of PATHS) {
      const suffix = SUFFIX[route];
      const internal = t.internal[route];
      results.push({
        key: `internal_speedup_http_${framework}${suffix}`,
        label: `internal call vs node:http keep-alive, ${framework} ${route}`,
        value: t.http[route] / internal,
        baseline: 1,
        unit: 'x',
        detail: `${us(internal)} vs ${us(t.http[route])}`,
      });
      results.push({
        key: `internal_speedup_${framework}${suffix}`,
        label: `internal call vs axios keep-alive, ${framework} ${route}`,
        value: t.axios[route] / internal,
        baseline: 1,
        unit: 'x',
        detail: `${us(internal)} vs ${us(t.axios[route])} (axios adds its own client work)`,
      });
    }
    speedups.push(t.http['/v1'] / t.internal['/v1']);
    floors.push(t.http['/v1'] / t.floor['/v1']);
    results.push({
      key: `internal_floor_speedup_${framework}`,
      label: `no-framework floor vs node:http keep-alive, ${framework} /v1`,
      value: t.http['/v1'] / t.floor['/v1'],
      baseline: 1,
      unit: 'x',
      detail: `${us(t.floor['/v1'])} vs ${us(t.http['/v1'])}: the most any dispatcher keeping real req/res could reach`,
    });
    lmr.push(t.internal['/v1'] / t.lmr['/v1']);
    overFloor.push(t.internal['/v1'] / t.floor['/v1']);
    for (const route of PATHS) {
      results.push({
        key: `internal_vs_lmr_${framework}${SUFFIX[route]}`,
        label: `internal call vs light-my-request inject(), ${framework} ${route}`,
        value: t.internal[route] / t.lmr[route],
        baseline: 1,
        unit: 'x',
        detail: `${us(t.internal[route])} vs ${us(t.lmr[route])}, each in processes of its own`,
      });
    }
    direct.push(t.internal['/v1'] / t.direct['/v1']);
    results.push({
      key: `internal_vs_direct_${framework}`,
      label: `internal call vs the action called directly + render + JSON.parse, ${framework} /v1`,
      value: t.internal['/v1'] / t.direct['/v1'],
      baseline: 1,
      unit: 'x',
      detail: `${us(t.internal['/v1'])} vs ${us(t.direct['/v1'])}`,
    });
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
    {
      key: 'internal_vs_lmr',
      label: 'internal call over light-my-request inject(), GET /v1, slower framework',
      value: Math.max(...lmr),
      baseline: 1,
      unit: 'x',
    },
    {
      key: 'internal_vs_floor',
      label: 'internal call over the no-framework floor, GET /v1, slower framework',
      value: Math.max(...overFloor),
      baseline: 1,
      unit: 'x',
    },
    {
      key: 'internal_floor_speedup',
      label: 'no-framework floor vs node:http keep-alive, GET /v1, slower framework',
      value: Math.min(...floors),
      baseline: 1,
      unit: 'x',
    },
  );
  return Promise.resolve(results);
}
