import type { Model, ModelStatic } from 'sequelize';
import { queryGeneratorOf } from './queryGenerator';
import { attributeKeys, resolveSortKey, SortRequest } from './sortKey';

type AnyModel = ModelStatic<Model>;

/** One has-many load: its SQL for a number of parent keys, and the replacements in order. */
export interface HasManyQuery {
  sql(count: number): string;
  replacements(keys: unknown[]): unknown[];
}

/**
 * The batched has-many query of one include level, limit, offset and sort applied per parent, in
 * one statement for up to 500 parents, shaped by dialect so that its cost follows the rows returned:
 * - PostgreSQL: each parent key drives a `LATERAL` subquery that walks the `(fk, sort key)` index
 *   and stops after offset + limit rows;
 * - SQLite: the same through a correlated `IN (SELECT pk ... LIMIT ? OFFSET ?)` per parent key;
 * - others (MySQL, MariaDB, ...): `ROW_NUMBER() OVER (PARTITION BY fk ...)`, which numbers every row of
 *   the parents.
 * The columns are every column, or the `selected` attributes plus the keys and the sort key.
 * Identifiers come from the model, quoted by the dialect; every value is a replacement.
 */
export function hasManyQuery(target: AnyModel, foreignKey: string, sort: SortRequest, selected: string[] | null): HasManyQuery {
  const attributes = target.getAttributes();
  const generator = queryGeneratorOf(target);
  const q = (name: string) => generator.quoteIdentifier(name);
  const column = (attribute: string) => q(attributes[attribute]?.field ?? attribute);
  const pk = target.primaryKeyAttribute;
  const sortAttribute = resolveSortKey(attributeKeys(target), sort, pk);
  const direction = sort.params.order === 'desc' ? 'DESC' : 'ASC';
  const orderKeys = [sortAttribute, pk].filter((a, i, all): a is string => !!a && all.indexOf(a) === i);
  const order = (prefix = '') => orderKeys.map((a) => `${prefix}${column(a)} ${direction}`).join(', ');
  const wanted = selected ? [...selected, foreignKey, ...orderKeys] : Object.keys(attributes);
  const fields = [...new Set(wanted)].filter((name) => attributes[name]?.field);
  const columns = (prefix = '') => fields.map((name) => `${prefix}${q(attributes[name].field!)}`).join(', ');
  // The rows come back under attribute names, as findAll() reads them: Sequelize renaming
  // `created_at` to `createdAt` in every row (deleting the old key) costs more than the query.
  const named = (prefix = '') =>
    fields.map((name) => (attributes[name].field === name ? `${prefix}${q(name)}` : `${prefix}${q(attributes[name].field!)} AS ${q(name)}`)).join(', ');
  const paranoid = target.options.paranoid ? ` AND ${column((target.options.deletedAt as string) ?? 'deletedAt')} IS NULL` : '';
  const table = generator.quoteTable(target.getTableName());
  const fk = column(foreignKey);
  const values = (count: number) => new Array(count).fill('(?)').join(', ');
  const parent = `${q('__rca_parent')}.${q('key')}`;
  const rows = `${q('__rca_rows')}.`;
  const { limit, offset } = sort.params;
  switch (target.sequelize!.getDialect()) {
    case 'postgres':
      return {
        sql: (count) =>
          `SELECT ${named(rows)} FROM (VALUES ${values(count)}) AS ${q('__rca_parent')}(${q('key')}) CROSS JOIN LATERAL ` +
          `(SELECT ${columns()} FROM ${table} WHERE ${fk} = ${parent}${paranoid} ORDER BY ${order()} LIMIT ? OFFSET ?) AS ${q('__rca_rows')} ` +
          `ORDER BY ${parent}, ${order(rows)}`,
        replacements: (keys) => [...keys, limit, offset],
      };
    case 'sqlite':
      return {
        sql: (count) =>
          `WITH ${q('__rca_parent')}(${q('key')}) AS (VALUES ${values(count)}) SELECT ${named(rows)} FROM ${q('__rca_parent')} ` +
          `JOIN ${table} AS ${q('__rca_rows')} ON ${rows}${column(pk)} IN ` +
          `(SELECT ${column(pk)} FROM ${table} WHERE ${fk} = ${parent}${paranoid} ORDER BY ${order()} LIMIT ? OFFSET ?) ` +
          `ORDER BY ${parent}, ${order(rows)}`,
        replacements: (keys) => [...keys, limit, offset],
      };
    default:
      return {
        sql: (count) =>
          `SELECT ${named()} FROM (SELECT ${columns()}, ROW_NUMBER() OVER (PARTITION BY ${fk} ORDER BY ${order()}) AS ${q('__rca_row')} ` +
          `FROM ${table} WHERE ${fk} IN (${new Array(count).fill('?').join(', ')})${paranoid}) AS ${q('__rca_ranked')} ` +
          `WHERE ${q('__rca_row')} > ? AND ${q('__rca_row')} <= ? ORDER BY ${fk}, ${q('__rca_row')}`,
        replacements: (keys) => [...keys, offset, offset + limit],
      };
  }
}
