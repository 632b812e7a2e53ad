import type { QueryInterface, Transaction } from 'sequelize';
import { SequelizeStorage } from 'umzug';

/** What a migration or seed step gets: the query interface, and the transaction every statement must join. */
export interface StepContext {
  queryInterface: QueryInterface;
  transaction: Transaction;
}

/** A migration or seed step; every statement passes `{ transaction }`. */
export type Step = (params: { context: StepContext }) => Promise<void>;

/** A step as Umzug runs it (its context is the query interface). */
type UmzugStep = { name: string; up: (params: { context: QueryInterface }) => Promise<void>; down: (params: { context: QueryInterface }) => Promise<void> };

/**
 * Umzug's ledger table, written by each step's own transaction (see `inTransactions`) instead of
 * after the step: Umzug's own write is left out.
 */
export class TransactionalLedger extends SequelizeStorage {
  override async logMigration(): Promise<void> {}
  override async unlogMigration(): Promise<void> {}
}

/**
 * Runs each step and its ledger row in one transaction (PostgreSQL and SQLite both roll back DDL):
 * a process killed in the middle of a migration or of the seed leaves the database as it was
 * before that step, and the next start simply runs it again.
 */
export function inTransactions(steps: ReadonlyArray<{ name: string; up: Step; down: Step }>, ledger: TransactionalLedger): UmzugStep[] {
  const table = ledger.model.tableName;
  const run =
    (step: Step, record: (context: StepContext) => Promise<unknown>) =>
    ({ context: queryInterface }: { context: QueryInterface }) =>
      queryInterface.sequelize.transaction(async (transaction) => {
        await step({ context: { queryInterface, transaction } });
        await record({ queryInterface, transaction });
      });
  return steps.map(({ name, up, down }) => ({
    name,
    up: run(up, ({ queryInterface, transaction }) => queryInterface.bulkInsert(table, [{ name }], { transaction })),
    down: run(down, ({ queryInterface, transaction }) => queryInterface.bulkDelete(table, { name }, { transaction })),
  }));
}
