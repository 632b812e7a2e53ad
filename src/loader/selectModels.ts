import { literal, Model, ModelStatic, Op, QueryTypes } from 'sequelize';
import { columnList, quotedTable } from './columnList';
import { parameterList } from './dialects/placeholders';
import { needsInstances, toModelRow } from '../model/ModelRow';
import { RowPlan, rowPlan } from './rowPlan';
import { queryGeneratorOf } from './queryGenerator';
import { keptStatement } from './statementCache';

type AnyModel = ModelStatic<Model>;

/** What the toolkit's reads answer: rows (`ModelRow`) where the model allows them, or model instances. */
export type ReadAs = 'rows' | 'instances';

/** What to do with the rows read, beyond typing them. */
export interface SelectOptions {
  /** Chooses the rows worth keeping (the others are dropped as read, never typed nor built). */
  keep?: (row: Record<string, unknown>) => boolean;
  /** `rows`: answer rows, unless the model needs instances (see `needsInstances`). Default: instances. */
  as?: ReadAs;
}

/**
 * Runs a SELECT written by hand whose columns are named after `target`'s attributes, and answers
 * its rows as models of `target` (or as rows, when asked and the model allows), values typed as
 * `findAll()` types them.
 *
 * On SQLite, where the driver answers dates, JSON and some floats as text, Sequelize types a
 * model query by asking `PRAGMA table_info` first, on every query, then converting each value in
 * a generic pass: here the rows are read raw and each attribute's value goes through the same
 * dialect parser (`DataTypes.sqlite.DATE.parse`, ...), chosen once per model (`rowPlan`). On
 * PostgreSQL the driver types every value but DATE columns, which the SQL written here reads as
 * text (`columnList`), typed here too. Other dialects' drivers type their values themselves.
 *
 * @example
 * const comments = await selectModels(Comment, 'SELECT `id`, `book_id` AS `bookId` FROM `comments` WHERE `book_id` IN (?)', [ids]);
 */
export async function selectModels<M extends Model>(
  target: ModelStatic<M>,
  sql: string,
  replacements: unknown[],
  { keep, as = 'instances' }: SelectOptions = {},
): Promise<M[]> {
  const read = await rawRows(target, sql, replacements);
  return recordsOf(target, keep ? read.filter(keep) : read, as);
}

/**
 * The rows of a SELECT written by hand, as the driver answers them (values untyped on SQLite), for
 * {@link recordsOf} to make records of.
 *
 * @example
 * const rows = await rawRows(Book, 'SELECT `id` FROM `books` WHERE `id` IN (?)', [[1, 2]]);
 */
export function rawRows(target: AnyModel, sql: string, replacements: unknown[]): Promise<Array<Record<string, unknown>>> {
  // `tableNames: []` spares the PRAGMA Sequelize would otherwise run on SQLite for the first table of the SQL.
  // Without replacements, none are looked for in the SQL.
  const options = { type: QueryTypes.SELECT, raw: true, tableNames: [], ...(replacements.length > 0 ? { replacements } : {}) } as { type: QueryTypes.SELECT };
  return target.sequelize!.query<Record<string, unknown>>(sql, options);
}

/** Rows when asked for and the model allows them (see `needsInstances`). */
function readsRows(target: AnyModel, as: ReadAs): boolean {
  return as === 'rows' && !needsInstances(target);
}

/**
 * Rows read raw, under `target`'s attribute names, as its records: each typed as findAll() types it
 * (the model's plan, found once, for all of them), then made rows (`as: 'rows'`, where the
 * model allows) or model instances.
 *
 * @example
 * const [link] = recordsOf(BookGenre, [{ bookId: 1, genreId: 2, primary: 1 }], 'rows');
 */
export function recordsOf<M extends Model>(target: ModelStatic<M>, rows: Array<Record<string, unknown>>, as: ReadAs): M[] {
  const { plan, parseOptions } = rowPlan(target);
  if (plan.length > 0) for (const row of rows) parseWith(plan, parseOptions, row);
  if (readsRows(target, as)) return rows.map((row) => toModelRow(target, row)) as unknown as M[];
  return target.bulkBuild(rows as never, { raw: true, isNewRecord: false });
}

/**
 * Types the values of a row of `model` read as SQLite text in place (dates, booleans, JSON), as
 * findAll() would; other dialects' drivers type them already.
 */
export function parseSqliteRow(model: AnyModel, row: Record<string, unknown>): void {
  if (model.sequelize!.getDialect() !== 'sqlite') return;
  const { plan, parseOptions } = rowPlan(model);
  parseWith(plan, parseOptions, row);
}

function parseWith(plan: RowPlan['plan'], parseOptions: RowPlan['parseOptions'], row: Record<string, unknown>): void {
  for (const [attribute, parse] of plan) {
    const value = row[attribute];
    if (value !== null && value !== undefined) row[attribute] = parse(value, parseOptions);
  }
}

/** True when reading `target` by hand would skip what findAll() applies: a default scope, or find hooks. */
export function needsFindAll(target: AnyModel): boolean {
  const scoped = Object.keys((target.options as { defaultScope?: object }).defaultScope ?? {}).length > 0;
  return scoped || FIND_HOOKS.some((hook) => target.hasHook(hook));
}

/** Hooks findAll() runs that a SELECT written by hand would skip. */
const FIND_HOOKS = ['beforeFind', 'beforeFindAfterExpandIncludeAll', 'beforeFindAfterOptions', 'afterFind'] as const;

/**
 * The rows of `target` whose `key` is one of `keys`, as `findAll({ where: { [key]: keys } })`
 * answers them (`attributes` only, when given; soft-deleted rows left out). A model with a default
 * scope or find hooks goes through findAll(), which applies them; any other is read by one SELECT
 * written here, without findAll()'s fixed cost (0.66 against 0.29 ms for ten authors on SQLite).
 *
 * @example
 * const authors = await findByKeys(Author, 'id', [1, 2, 3], null, undefined, 'rows');
 */
export function findByKeys<M extends Model>(
  target: ModelStatic<M>,
  key: string,
  keys: unknown[],
  attributes: string[] | null,
  where?: (alias: string) => string,
  as: ReadAs = 'instances',
): Promise<M[]> {
  if (needsFindAll(target)) {
    const condition = { [key]: { [Op.in]: keys } };
    const alias = queryGeneratorOf(target).quoteIdentifier(target.name);
    return target.findAll({
      where: (where ? { [Op.and]: [condition, literal(where(alias))] } : condition) as never,
      ...(attributes ? { attributes } : {}),
    });
  }
  const condition = where ? ` AND ${where(quotedTable(target))}` : '';
  const { head, tail } = keptStatement(target, `byKeys ${key} ${attributes?.join(',') ?? '*'}${condition}`, () =>
    byKeysStatement(target, key, attributes, condition),
  );
  return selectModels(target, `${head}${parameterList(keys.length)}${tail}`, keys, { as });
}

/** The SELECT of {@link findByKeys} around its list of keys: `SELECT ... IN (` and `) AND ...`. */
function byKeysStatement(target: AnyModel, key: string, attributes: string[] | null, condition: string): { head: string; tail: string } {
  const { named, table, column, paranoid } = columnList(target, attributes);
  return { head: `SELECT ${named()} FROM ${table} WHERE ${column(key)} IN (`, tail: `)${paranoid}${condition}` };
}
