import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Author, Book, Comment } from '../example/models';
import { BookTransformer } from '../example/transformers/BookTransformer';
import { ApiResponse, resolveConfig } from '../src';
import { createContext } from '../src/context/createContext';
import { AppState, requestStorage } from '../src/context/RequestContext';
import { RouteRegistry } from '../src/routing/RouteRegistry';
import { benchDatabase } from './exampleHarness';
import { bookJson } from './handWritten';
import type { BenchResult } from './run';
import { median } from './median';

const BOOKS = 10_000;
const ROUNDS = 5;
const RUNS = 15;
/** Runs before the timed ones, so that each side is timed as the optimizing compiler left it. */
const WARM_UPS = 10;
export const ORIGIN = 'http://localhost:3000';

/** 10,000 books built in memory, each with its author and three comments loaded. */
export function preloadedBooks(): Book[] {
  const base = Date.UTC(2024, 0, 1);
  return Array.from({ length: BOOKS }, (_, i) => {
    const id = i + 1;
    const created = new Date(base + id * 60_000);
    return Book.build(
      {
        id,
        title: `Book ${id}`,
        description: `About book ${id}`,
        publishedAt: new Date(base - id * 86_400_000),
        outOfPrint: id % 5 === 0,
        authorId: (id % 10) + 1,
        publisherId: (id % 5) + 1,
        createdAt: created,
        updatedAt: created,
        author: { id: (id % 10) + 1, name: `Author ${(id % 10) + 1}`, email: `a${id % 10}@example.test`, createdAt: new Date(base), updatedAt: new Date(base) },
        comments: [1, 2, 3].map((c) => ({
          id: id * 10 + c,
          bookId: id,
          body: `Comment ${c}`,
          rating: c,
          createdAt: new Date(created.getTime() + c * 1000),
          updatedAt: created,
        })),
      },
      { include: [Author, Comment], isNewRecord: false, raw: true },
    );
  });
}

/** The same JSON written by hand: what a developer would write without the toolkit. */
function handWritten(books: Book[]): string {
  return JSON.stringify({
    data: books.map((book) => {
      // Assigned, not spread: the baseline must stay as fast as natural hand-written code.
      const json: Record<string, unknown> = bookJson(book, ORIGIN);
      json.comments = {
        data: [...(book.comments ?? [])]
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(0, 3)
          .map((comment) => ({
            id: Number(comment.id),
            body: comment.body,
            rating: comment.rating ?? null,
            created: comment.createdAt.toISOString(),
            flagged: Boolean(comment.flagged),
          })),
      };
      return json;
    }),
  });
}

export function appState(serializer: 'array' | 'json-api' = 'array'): AppState {
  const routes = new RouteRegistry();
  routes.add({ name: 'v1.books.show', method: 'GET', path: '/v1/books/:id' });
  routes.add({ name: 'v1.authors.show', method: 'GET', path: '/v1/authors/:id' });
  routes.add({ name: 'v1.publishers.show', method: 'GET', path: '/v1/publishers/:id' });
  return {
    framework: 'express',
    config: resolveConfig({ serializer, include: { maxResources: 100_000 }, response: { maxBytes: 64 * 1024 * 1024 } }, {}),
    routes,
    listener: () => () => undefined,
  };
}

/** Through the toolkit: withCollection (the budget raised: 10,000 books is the server's choice here, not a client's) + BookTransformer with ?include=author,comments. */
function toolkit(app: AppState, books: Book[]): Promise<string> {
  const context = createContext(app, { method: 'GET', url: '/v1/books?include=author,comments', headers: {}, protocol: 'http', host: 'localhost:3000' });
  return requestStorage.run(context, async () => (await new ApiResponse(context).withCollection(books, new BookTransformer()).render()).body!);
}

/** What one run of a side cost: wall time, and the process's CPU time (every thread: the garbage collector's helpers too). */
interface RunCost {
  wallMs: number;
  cpuMs: number;
}

async function timeRun(work: () => unknown): Promise<RunCost> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  await work();
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  const { user, system } = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (user + system) / 1000 };
}

export type TransformSide = 'toolkit' | 'hand-written' | 'jsonapi-toolkit' | 'jsonapi-peer';

/** The work one side does on the preloaded books. */
async function workOf(side: TransformSide, books: Book[]): Promise<() => unknown> {
  if (side === 'toolkit') {
    const app = appState();
    return () => toolkit(app, books);
  }
  if (side === 'hand-written') return () => handWritten(books);
  const { jsonApiWork } = await import('./jsonApiPeer');
  return jsonApiWork(side, books);
}

/**
 * One side alone in this process (the worker's job): warm up, then the medians of `runs` timed
 * transforms, wall and CPU. Neither side's garbage is collected during the other's timing.
 */
export async function timeSide(side: TransformSide, runs: number): Promise<RunCost> {
  const db = await benchDatabase();
  try {
    const work = await workOf(side, preloadedBooks());
    for (let i = 0; i < WARM_UPS; i++) await work();
    const costs: RunCost[] = [];
    for (let i = 0; i < runs; i++) costs.push(await timeRun(work));
    return { wallMs: median(costs.map((cost) => cost.wallMs)), cpuMs: median(costs.map((cost) => cost.cpuMs)) };
  } finally {
    await db.close();
  }
}

/** Runs one side in a process of its own (bench/transformWorker.ts) and answers its medians. */
function timeSideInProcess(side: TransformSide, runs: number): RunCost {
  const worker = path.join(__dirname, 'transformWorker.js');
  const result = spawnSync(process.execPath, [worker, side, String(runs)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`transform bench: the ${side} worker failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as RunCost;
}

/** How a side is timed in {@link ratioInProcesses}: its wall time, or the CPU its process spent. */
export type Measure = keyof RunCost;

/**
 * The median ratio of `measured` over `baseline`, each round timed in two new processes (which
 * of them starts first alternating), and its spread over the rounds. A process keeps the speed its
 * code and heap were laid out with for its life, so a figure needs many of them: `rounds` pairs.
 */
export function ratioInProcesses(
  measured: TransformSide,
  baseline: TransformSide,
  measure: Measure = 'wallMs',
  rounds = ROUNDS,
): { ratio: number; spread: [number, number]; ms: [number, number] } {
  const ratios: number[] = [];
  const pairs: Array<[number, number]> = [];
  for (let round = 0; round < rounds; round++) {
    let ours: number;
    let theirs: number;
    if (round % 2 === 0) {
      theirs = timeSideInProcess(baseline, RUNS)[measure];
      ours = timeSideInProcess(measured, RUNS)[measure];
    } else {
      ours = timeSideInProcess(measured, RUNS)[measure];
      theirs = timeSideInProcess(baseline, RUNS)[measure];
    }
    pairs.push([ours, theirs]);
    ratios.push(ours / theirs);
  }
  const ratio = median(ratios);
  return { ratio, spread: [Math.min(...ratios), Math.max(...ratios)], ms: pairs[ratios.indexOf(ratio)] };
}

/**
 * Transform and serialize 10,000 preloaded books: toolkit time over hand-written time. The output
 * is checked equal first; then each side runs in processes of its own, alternately, ROUNDS times;
 * the figure is the median ratio, with its spread.
 */
export async function transform(): Promise<BenchResult[]> {
  const db = await benchDatabase();
  let bytes: number;
  try {
    const books = preloadedBooks();
    const ours = await toolkit(appState(), books);
    if (ours !== handWritten(books)) throw new Error('transform bench: the toolkit and the hand-written JSON differ');
    bytes = Buffer.byteLength(ours);
  } finally {
    await db.close();
  }
  const { ratio, spread, ms } = ratioInProcesses('toolkit', 'hand-written');
  const [measured, baseline] = ms;
  return [
    {
      key: 'transform_ratio',
      label: `transform + serialize ${BOOKS} books, include=author,comments (separate processes)`,
      value: ratio,
      baseline: 1,
      unit: 'x',
      detail:
        `median of ${ROUNDS} rounds, spread ${spread[0].toFixed(2)}-${spread[1].toFixed(2)}; ` +
        `${measured.toFixed(1)} ms vs ${baseline.toFixed(1)} ms hand-written, ${(bytes / 1e6).toFixed(1)} MB of JSON`,
    },
  ];
}
