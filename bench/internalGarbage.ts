import { spawnSync } from 'node:child_process';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createExampleApp } from '../example/app';
import type { ExampleFramework } from '../example/config';
import { Api } from '../src';
import { benchDatabase } from './exampleHarness';
import type { BenchResult } from './run';

/** Calls whose heap is measured, after WARM_UP calls. */
const CALLS = 1500;
const WARM_UP = 100;

/** What one framework's internal calls leave on the heap, in bytes per call. */
export interface GarbageFigures {
  /** Heap still used after a full collection, taken while the caller is still awaiting calls in a loop. */
  retained: number;
  /** Bytes young-generation collections moved to the old generation. */
  promoted: number;
}

/** V8's gc(), which node only gives with --expose-gc: the flag set now, the function taken from a fresh context. */
function exposedGc(): (options?: { type: 'minor' | 'major' }) => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
}

/** Bytes that young-generation collections moved into the old generation while `work` ran. */
async function promotedBy(work: () => Promise<void>): Promise<number> {
  const profiler = new v8.GCProfiler();
  profiler.start();
  await work();
  const { statistics } = profiler.stop();
  // The profiler's own names: camel case, unlike v8.getHeapSpaceStatistics().
  type Space = { spaceName: string; spaceUsedSize: number };
  const oldSpace = (stats: unknown) => (stats as Space[]).find((space) => space.spaceName === 'old_space')?.spaceUsedSize ?? 0;
  return statistics
    .filter((gc) => gc.gcType === 'Scavenge')
    .reduce((sum, gc) => sum + oldSpace(gc.afterGC.heapSpaceStatistics) - oldSpace(gc.beforeGC.heapSpaceStatistics), 0);
}

/**
 * An answered internal request must be garbage at once: a caller awaiting calls in a loop never lets
 * Node's tick queue drain, and a request kept until then, or kept by an object of the old generation,
 * is copied by every young collection and promoted (which cost an internal call a quarter of its time).
 * Measured in a process of its own (internalGarbageWorker.ts), with nothing else on its heap.
 */
export async function measureGarbage(framework: ExampleFramework): Promise<GarbageFigures> {
  const gc = exposedGc();
  const database = await benchDatabase();
  const example = createExampleApp(framework, { sequelize: database.sequelize });
  const api = new Api().forApp(example.app);
  for (let i = 0; i < WARM_UP; i++) await api.get('/v1');
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < CALLS; i++) await api.get('/v1', { n: i });
  // Still inside the loop's chain of microtasks: nothing queued for later has run.
  gc();
  const retained = (process.memoryUsage().heapUsed - before) / CALLS;
  const promoted = await promotedBy(async () => {
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < CALLS / 5; i++) await api.get('/v1', { n: i });
      gc({ type: 'minor' });
    }
  });
  await database.close();
  return { retained: Math.max(0, Math.round(retained)), promoted: Math.round(promoted / CALLS) };
}

/** `internal_garbage_{retained,promoted}_{express,koa}`: bytes a call leaves behind (target: under 1,333, 2 MB per 1,500 calls). */
export function internalGarbage(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const framework of ['express', 'koa'] as const) {
    const worker = path.join(__dirname, 'internalGarbageWorker.js');
    const run = spawnSync(process.execPath, [worker, framework], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`internal garbage bench: the ${framework} worker failed: ${run.stderr}`);
    const figures = JSON.parse(run.stdout) as GarbageFigures;
    for (const kind of ['retained', 'promoted'] as const) {
      results.push({
        key: `internal_garbage_${kind}_${framework}`,
        label: `internal call ${kind} heap, bytes a call (${framework}; target under 1,333)`,
        value: figures[kind],
        baseline: 0,
        unit: 'B',
      });
    }
  }
  return Promise.resolve(results);
}
