import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { Sequelize, Transaction } from 'sequelize';
import { ApiError } from '../errors/ApiError';
import { DATABASE_RETRY_AFTER } from '../errors/describeError';
import type { InternalHttpError } from './InternalHttpError';
import { endFailedSqliteTransactions } from './sqliteTransactions';
import { oneStatementAtATime } from './sqliteStatements';

/** What Sequelize asks of a continuation-local namespace (cls-hooked's interface). */
export interface ClsNamespace {
  run(fn: (context: unknown) => unknown): unknown;
  bind<F>(fn: F): F;
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
}

/**
 * cls-hooked's namespace on AsyncLocalStorage: `run()` opens a child context that sees its
 * parent's values, `set()` writes into the current one. Sequelize keeps the transaction of
 * `sequelize.transaction(callback)` in it, so every statement made inside the callback, however
 * deep in the async calls it made (internal requests included), joins that transaction.
 */
export class AsyncLocalNamespace implements ClsNamespace {
  private readonly storage = new AsyncLocalStorage<Map<string, unknown>>();

  run(fn: (context: unknown) => unknown): unknown {
    const context = new Map(this.storage.getStore());
    this.storage.run(context, () => fn(context));
    return context;
  }

  bind<F>(fn: F): F {
    return AsyncResource.bind(fn as (...args: unknown[]) => unknown) as unknown as F;
  }

  get(key: string): unknown {
    return this.storage.getStore()?.get(key);
  }

  set(key: string, value: unknown): unknown {
    this.storage.getStore()?.set(key, value);
    return value;
  }
}

/** Sequelize's class, as its static CLS members are reached. */
interface SequelizeClass {
  _cls?: ClsNamespace;
  useCLS(namespace: ClsNamespace): unknown;
}

/** The state of one `api.transaction()`, kept in the namespace beside Sequelize's transaction. */
export interface TransactionState {
  /** Remote calls are refused inside, unless the transaction was opened with `allowRemote`. */
  readonly allowRemote: boolean;
  /** The first call made through the transaction's Api that answered >= 400: it rolls everything back. */
  failure?: InternalHttpError;
  /** Aborted when the transaction outlives its time limit: the internal calls made with it stop. */
  readonly signal: AbortSignal;
  /** Set as the transaction ends: a statement its work still makes afterwards is refused, not run on its own. */
  ended: boolean;
  /** Statements of the transaction running now: its COMMIT or ROLLBACK waits for them. */
  running: number;
  /** Told when the last running statement ends. */
  onIdle?: () => void;
}

/** How one `api.transaction()` runs. */
export interface TransactionLimits {
  allowRemote: boolean;
  /** Milliseconds the transaction may hold its lock or connection, from its BEGIN to its end. */
  maxDuration: number;
}

const STATE_KEY = 'rca.transactionState';

/** The namespace once `api.transaction()` has been used: Sequelize's is one per process, and so is this. */
let installed: ClsNamespace | undefined;

/** The Sequelize instances whose statements are checked against the state of their transaction. */
const guarded = new WeakSet<object>();

/**
 * The namespace Sequelize uses: the project's own when it called `Sequelize.useCLS()` already,
 * else one on AsyncLocalStorage, installed once. Installing it makes every managed transaction
 * (`sequelize.transaction(callback)`) apply to the statements of its callback, as Sequelize documents.
 */
export function transactionNamespace(sequelize: Sequelize): ClsNamespace {
  const constructor = sequelize.constructor as unknown as SequelizeClass;
  if (!constructor._cls) constructor.useCLS(new AsyncLocalNamespace());
  guardStatements(sequelize);
  endFailedSqliteTransactions(sequelize);
  oneStatementAtATime(sequelize);
  return (installed = constructor._cls!);
}

/**
 * Refuses a statement made by the work of a transaction that has ended. Sequelize clears the
 * transaction from the namespace when it rolls back, so work still running then (the internal calls
 * of a transaction past its time limit) would otherwise write outside it, each statement committed
 * on its own.
 */
function guardStatements(sequelize: Sequelize): void {
  if (guarded.has(sequelize)) return;
  guarded.add(sequelize);
  sequelize.addHook('beforeQuery', (options, query) => {
    const state = activeTransaction();
    if (!state || (options as { completesTransaction?: boolean }).completesTransaction) return;
    if (state.ended) throw new ApiError('RCA_TRANSACTION_ENDED');
    state.running++;
    running.set(query, state);
  });
  sequelize.addHook('afterQuery', (_options, query) => {
    const state = running.get(query);
    if (!state) return;
    running.delete(query);
    if (--state.running === 0) state.onIdle?.();
  });
}

/** The transaction of each statement running now, by Sequelize's query object. */
const running = new WeakMap<object, TransactionState>();

/**
 * Resolves once no statement of the transaction runs: a ROLLBACK sent beside a statement still
 * running on the same connection would queue behind it anyway (PostgreSQL's client warns of it), or
 * abort it mid-way (SQLite).
 */
function idle(state: TransactionState): Promise<void> {
  if (state.running === 0) return Promise.resolve();
  return new Promise((resolve) => (state.onIdle = resolve));
}

/** The `api.transaction()` the current code runs in, if any: also inside the internal requests it made. */
export function activeTransaction(): TransactionState | undefined {
  return installed?.get(STATE_KEY) as TransactionState | undefined;
}

/**
 * SQLite takes the write lock at BEGIN (IMMEDIATE): two transactions that each read, then write,
 * would otherwise both hold a read lock and wait for each other's until both fail. A second writer
 * now waits at BEGIN, holding nothing. Other dialects ignore the type.
 */
const optionsFor = (sequelize: Sequelize) => (sequelize.getDialect() === 'sqlite' ? { type: 'IMMEDIATE' as Transaction.TYPES } : {});

/**
 * Runs `work` in one managed transaction of `sequelize`: committed when it resolves, rolled back
 * when it throws, when `state.failure` was set meanwhile (the failure is then thrown), or when it
 * is still running `maxDuration` ms after BEGIN (RCA_TRANSACTION_TIMEOUT, 503, thrown once the
 * rollback is done). Inside a transaction already, `work` joins it: one commit or rollback for all.
 * Every path ends the transaction: a failed COMMIT too (endFailedSqliteTransactions).
 */
export async function inTransaction<T>(sequelize: Sequelize, limits: TransactionLimits, work: (state: TransactionState) => Promise<T>): Promise<T> {
  const namespace = transactionNamespace(sequelize);
  const outer = activeTransaction();
  if (outer?.ended) throw new ApiError('RCA_TRANSACTION_ENDED');
  if (outer) return work(outer);
  const limit = new AbortController();
  const state: TransactionState = { allowRemote: limits.allowRemote, signal: limit.signal, ended: false, running: 0 };
  let timer: NodeJS.Timeout | undefined;
  try {
    return await sequelize.transaction(optionsFor(sequelize), async () => {
      namespace.set(STATE_KEY, state);
      timer = setTimeout(() => limit.abort(timedOut(limits.maxDuration)), limits.maxDuration);
      try {
        const result = await untilAborted(work(state), limit.signal);
        if (state.failure) throw state.failure;
        return result;
      } finally {
        // Before Sequelize's COMMIT or ROLLBACK: nothing the work still does may run after them, and
        // what runs now ends first (a statement is bounded by the database's own timeouts).
        state.ended = true;
        await idle(state);
      }
    });
  } finally {
    clearTimeout(timer);
  }
}

/** The error of a transaction past its time limit: a 503 the client may retry. */
const timedOut = (max: number) => new ApiError('RCA_TRANSACTION_TIMEOUT', { max }, { responseHeaders: { 'retry-after': DATABASE_RETRY_AFTER } });

/** `work`'s outcome, or the signal's reason as soon as it is aborted (work's own later failure is then ignored). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
