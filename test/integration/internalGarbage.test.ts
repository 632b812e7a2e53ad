import { expect } from 'chai';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Api } from '../../src';
import { createContext } from '../../src/context/createContext';
import { apiStateOf } from '../../src/context/appRegistry';
import { eachFramework } from '../fixture/app';

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
 */
eachFramework('Internal requests as garbage', (app) => {
  const gc = exposedGc();

  it('are released while the caller is still awaiting calls in a loop', async () => {
    const api = new Api().forApp(app().app);
    for (let i = 0; i < 100; i++) await api.get('/echo');
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 1500; i++) await api.get('/echo', { n: i });
    // Still inside the loop's chain of microtasks: nothing queued for later has run.
    gc();
    expect(process.memoryUsage().heapUsed - before).to.be.below(2_000_000);
  });

  it('die young: a young collection promotes next to nothing of the requests answered before it', async () => {
    const api = new Api().forApp(app().app);
    for (let i = 0; i < 100; i++) await api.get('/echo');
    const promoted = await promotedBy(async () => {
      for (let round = 0; round < 5; round++) {
        for (let i = 0; i < 300; i++) await api.get('/echo', { n: i });
        gc({ type: 'minor' });
      }
    });
    // About 10 KB a request (1,500 of them) when something of the old generation holds them.
    expect(promoted).to.be.below(2_000_000);
  });

  it('a request context holds its request through no object of the old generation (no accessor of its own)', () => {
    const state = apiStateOf(app().app)!;
    const context = createContext(state, {
      method: 'GET',
      url: '/v1',
      headers: {},
      protocol: 'http',
      host: 'localhost',
      signal: () => new AbortController().signal,
    });
    expect(Object.getOwnPropertyDescriptor(context, 'signal')).to.equal(undefined);
    expect(context.signal.aborted).to.equal(false);
  });
});
