import { requestStorage } from '../context/RequestContext';
import { startChildSpan } from '../observe/tracing';

/** What this library needs of a Sequelize instance to time its statements. */
export interface HookableDatabase {
  addHook(name: 'beforeQuery' | 'afterQuery', fn: (options: object, query: object) => void): unknown;
}

const observed = new WeakSet<object>();
/** The end of each running statement, keyed by Sequelize's query object. */
const ends = new WeakMap<object, () => void>();

/** Sequelize's query types: what a statement's `options.type` names when Sequelize set it. */
const QUERY_TYPES = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'BULKUPDATE',
  'BULKDELETE',
  'DELETE',
  'UPSERT',
  'VERSION',
  'SHOWTABLES',
  'SHOWINDEXES',
  'DESCRIBE',
  'RAW',
  'FOREIGNKEYS',
  'SHOWCONSTRAINTS',
]);

/**
 * The kind of a statement for its span: Sequelize's query type, else what a transaction runs. A
 * transaction's own statements carry its options, whose `type` is SQLite's transaction type
 * (`DEFERRED`, `IMMEDIATE`): BEGIN, and COMMIT (or ROLLBACK, told once it ran) when it ends one.
 */
function statementKind(options: { type?: string; completesTransaction?: boolean }): string {
  if (options.completesTransaction) return 'COMMIT';
  if (options.type === undefined) return 'RAW';
  return QUERY_TYPES.has(options.type) ? options.type : 'BEGIN';
}

/** Names a transaction's last statement by what it ran: `db ROLLBACK` rather than `db COMMIT`. */
function renameEnding(span: { updateName(name: string): unknown }, query: object): void {
  const sql = (query as { sql?: unknown }).sql;
  if (typeof sql === 'string' && /^\s*ROLLBACK/i.test(sql)) span.updateName('db ROLLBACK');
}

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
    const type = statementKind(options);
    const span = startChildSpan(observation.currentSpan, `db ${type}`, { 'db.operation.name': type });
    if (!span) return void ends.set(query, done);
    ends.set(query, () => {
      // COMMIT and ROLLBACK look alike before they run: the statement names itself once it has.
      if (type === 'COMMIT') renameEnding(span, query);
      done();
      span.end();
    });
  });
  sequelize.addHook('afterQuery', (_options, query) => {
    ends.get(query)?.();
    ends.delete(query);
  });
}
