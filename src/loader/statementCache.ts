import type { Model, ModelStatic } from 'sequelize';

type AnyModel = ModelStatic<Model>;

/**
 * Statements kept per model. A client chooses the columns (`fields[...]`), the order (`?sort=`) and
 * an include's limit and offset, so the combinations are many: past this, a new one is written for
 * its request and not kept.
 */
export const MAX_STATEMENTS_PER_MODEL = 256;

/** The statements written for a model, for the Sequelize it was bound to then (its dialect quotes them). */
interface Kept {
  sequelize: unknown;
  statements: Map<string, unknown>;
}

const kept = new WeakMap<AnyModel, Kept>();

/**
 * The statement of `model` that `key` names: written by `write` the first time, then kept, so that
 * what does not depend on the request (quoted columns, table, order) is not written again for each
 * one. `key` must name everything `write` reads, the text of a condition included: two requests
 * share a statement only when they would have written the same one.
 *
 * @example
 * const head = keptStatement(Author, 'byKeys id *', () => `SELECT ... WHERE "id" IN (`);
 */
export function keptStatement<T>(model: AnyModel, key: string, write: () => T): T {
  let found = kept.get(model);
  // A model bound to another Sequelize since (another database, another dialect) starts again.
  if (!found || found.sequelize !== model.sequelize) kept.set(model, (found = { sequelize: model.sequelize, statements: new Map<string, unknown>() }));
  const { statements } = found;
  let statement = statements.get(key) as T | undefined;
  if (statement === undefined) {
    statement = write();
    if (statements.size < MAX_STATEMENTS_PER_MODEL) statements.set(key, statement);
  }
  return statement;
}

/** How many statements are kept for `model` (at most MAX_STATEMENTS_PER_MODEL, 256). */
export function statementsKept(model: AnyModel): number {
  return kept.get(model)?.statements.size ?? 0;
}

/**
 * `sql` remembering its last text: a batched statement is asked again and again for the same
 * number of keys (a page's parents), and its text is long.
 */
export function lastText(sql: (count: number) => string): (count: number) => string {
  let last = -1;
  let text = '';
  return (count) => {
    if (count !== last) {
      text = sql(count);
      last = count;
    }
    return text;
  };
}
