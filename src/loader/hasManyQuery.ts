import type { Model, ModelStatic } from 'sequelize';
import { columnList } from './columnList';
import { resolveSortKey, SortRequest } from './sortKey';
import { attributeKeys } from '../model/attributeKeys';

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
  const pk = target.primaryKeyAttribute;
  const sortAttribute = resolveSortKey(attributeKeys(target), sort, pk);
  const direction = sort.params.order === 'desc' ? 'DESC' : 'ASC';
  const orderKeys = [sortAttribute, pk].filter((a, i, all): a is string => !!a && all.indexOf(a) === i);
  const { quote: q, column, columns, named, paranoid, table } = columnList(target, selected ? [...selected, foreignKey, ...orderKeys] : null);
  const order = (prefix = '') => orderKeys.map((a) => `${prefix}${column(a)} ${direction}`).join(', ');
  const fk = column(foreignKey);
  const values = (count: number) => new Array(count).fill('(?)').join(', ');
  const parent = `${q('__rca_parent')}.${q('key')}`;
  const rows = `${q('__rca_rows')}.`;
  const { limit, offset } = sort.params;
  // An include's filter() on the related rows, written on the table itself (the subqueries alias it not).
  const filtered = sort.where ? ` AND ${sort.where(table)}` : '';
  switch (target.sequelize!.getDialect()) {
    case 'postgres':
      return {
        sql: (count) =>
          `SELECT ${named(rows)} FROM (VALUES ${values(count)}) AS ${q('__rca_parent')}(${q('key')}) CROSS JOIN LATERAL ` +
          `(SELECT ${columns()} FROM ${table} WHERE ${fk} = ${parent}${paranoid}${filtered} ORDER BY ${order()} LIMIT ? OFFSET ?) AS ${q('__rca_rows')} ` +
          `ORDER BY ${parent}, ${order(rows)}`,
        replacements: (keys) => [...keys, limit, offset],
      };
    case 'sqlite':
      return {
        sql: (count) =>
          `WITH ${q('__rca_parent')}(${q('key')}) AS (VALUES ${values(count)}) SELECT ${named(rows)} FROM ${q('__rca_parent')} ` +
          `JOIN ${table} AS ${q('__rca_rows')} ON ${rows}${column(pk)} IN ` +
          `(SELECT ${column(pk)} FROM ${table} WHERE ${fk} = ${parent}${paranoid}${filtered} ORDER BY ${order()} LIMIT ? OFFSET ?) ` +
          `ORDER BY ${parent}, ${order(rows)}`,
        replacements: (keys) => [...keys, limit, offset],
      };
    default:
      return {
        sql: (count) =>
          `SELECT ${named()} FROM (SELECT ${columns()}, ROW_NUMBER() OVER (PARTITION BY ${fk} ORDER BY ${order()}) AS ${q('__rca_row')} ` +
          `FROM ${table} WHERE ${fk} IN (${new Array(count).fill('?').join(', ')})${paranoid}${filtered}) AS ${q('__rca_ranked')} ` +
          `WHERE ${q('__rca_row')} > ? AND ${q('__rca_row')} <= ? ORDER BY ${fk}, ${q('__rca_row')}`,
        replacements: (keys) => [...keys, offset, offset + limit],
      };
  }
}
