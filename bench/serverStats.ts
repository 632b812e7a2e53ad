import type http from 'node:http';
import v8 from 'node:v8';
import { Model } from 'sequelize';

/** What a bench server has spent since it started: CPU (all threads), bytes allocated on the heap, model instances built. */
export interface ServerStats {
  cpuMicros: number;
  allocatedBytes: number;
  instances: number;
}

/** The path a bench server answers its stats on (never one of the routes measured). */
export const STATS_PATH = '/__bench_stats';

/**
 * `listener`, answering STATS_PATH with the process's {@link ServerStats}: CPU from
 * `process.cpuUsage()`; allocation as the heap's growth between collections (V8's GCProfiler: each
 * collection's heap before it less the heap after the previous one, and the growth since the last);
 * instances by counting Sequelize's `Model.prototype._initValues`, which every instance runs once.
 */
export function serverStats(listener: http.RequestListener): http.RequestListener {
  const prototype = Model.prototype as unknown as { _initValues: (...args: unknown[]) => unknown };
  const initValues = prototype._initValues;
  let instances = 0;
  prototype._initValues = function (this: unknown, ...args: unknown[]) {
    instances++;
    return initValues.apply(this, args);
  };
  let profiler = new v8.GCProfiler();
  profiler.start();
  let allocated = 0;
  let heapAfterLast = v8.getHeapStatistics().used_heap_size;
  const allocatedSoFar = () => {
    for (const { beforeGC, afterGC } of profiler.stop().statistics) {
      allocated += Math.max(0, beforeGC.heapStatistics.usedHeapSize - heapAfterLast);
      heapAfterLast = afterGC.heapStatistics.usedHeapSize;
    }
    profiler = new v8.GCProfiler();
    profiler.start();
    return allocated + Math.max(0, v8.getHeapStatistics().used_heap_size - heapAfterLast);
  };
  return (req, res) => {
    if (req.url !== STATS_PATH) return listener(req, res);
    const { user, system } = process.cpuUsage();
    const stats: ServerStats = { cpuMicros: user + system, allocatedBytes: allocatedSoFar(), instances };
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(stats));
  };
}
