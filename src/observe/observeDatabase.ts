import { requestStorage } from '../context/RequestContext';
import { startChildSpan } from './tracing';

/** What this library needs of a Sequelize instance to time its statements. */
export interface HookableDatabase {
  addHook(name: 'beforeQuery' | 'afterQuery', fn: (options: object, query: object) => void): unknown;
}

const observed = new WeakSet<object>();
/** The end of each running statement, keyed by Sequelize's query object. */
const ends = new WeakMap<object, () => void>();

/**
 * Times every statement `sequelize` runs for the request it runs in (`db` in `Server-Timing`, the
 * statement count of the log line). Sequelize's `beforeQuery` hook runs once the connection is
 * acquired and `afterQuery` in a `finally`, so a failed statement ends too. Idempotent; `useApi()`
 * calls it for its `sequelize` option.
 *
 * @example
 * observeDatabase(sequelize);
 */
export function observeDatabase(sequelize: HookableDatabase): void {
  if (observed.has(sequelize)) return;
  observed.add(sequelize);
  sequelize.addHook('beforeQuery', (options, query) => {
    const context = requestStorage.getStore();
    if (!context) return;
    const { observation } = context;
    const done = observation.timer.begin('db');
    const type = (options as { type?: string }).type ?? 'RAW';
    const span = startChildSpan(observation.currentSpan, `db ${type}`, { 'db.operation.name': type });
    ends.set(query, span ? () => (done(), span.end()) : done);
  });
  sequelize.addHook('afterQuery', (_options, query) => {
    ends.get(query)?.();
    ends.delete(query);
  });
}
