import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { Sequelize } from 'sequelize';
import type { InternalHttpError } from './InternalHttpError';

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
}

const STATE_KEY = 'rca.transactionState';

/** The namespace once `api.transaction()` has been used: Sequelize's is one per process, and so is this. */
let installed: ClsNamespace | undefined;

/**
 * The namespace Sequelize uses: the project's own when it called `Sequelize.useCLS()` already,
 * else one on AsyncLocalStorage, installed once. Installing it makes every managed transaction
 * (`sequelize.transaction(callback)`) apply to the statements of its callback, as Sequelize documents.
 */
export function transactionNamespace(sequelize: Sequelize): ClsNamespace {
  const constructor = sequelize.constructor as unknown as SequelizeClass;
  if (!constructor._cls) constructor.useCLS(new AsyncLocalNamespace());
  return (installed = constructor._cls!);
}

/** The `api.transaction()` the current code runs in, if any: also inside the internal requests it made. */
export function activeTransaction(): TransactionState | undefined {
  return installed?.get(STATE_KEY) as TransactionState | undefined;
}

/**
 * Runs `work` in one managed transaction of `sequelize`: committed when it resolves, rolled back
 * when it throws or when `state.failure` was set meanwhile (the failure is then thrown). Inside a
 * transaction already, `work` joins it: one commit or rollback for all.
 */
export async function inTransaction<T>(sequelize: Sequelize, allowRemote: boolean, work: (state: TransactionState) => Promise<T>): Promise<T> {
  const namespace = transactionNamespace(sequelize);
  const outer = activeTransaction();
  if (outer) return work(outer);
  return sequelize.transaction(async () => {
    const state: TransactionState = { allowRemote };
    namespace.set(STATE_KEY, state);
    const result = await work(state);
    if (state.failure) throw state.failure;
    return result;
  });
}
