import type { Model, ModelStatic } from 'sequelize';
import { columnList, quotedTable } from './columnList';
import { resolveSortKey, SortRequest } from './sortKey';
import { attributeKeys } from '../model/attributeKeys';
import { dialectOf } from './dialects/dialectOf';
import type { BatchStatement } from './dialects/SqlDialect';
import { keptStatement, lastText } from './statementCache';

type AnyModel = ModelStatic<Model>;

/** One has-many load: its SQL for a number of parent keys, and the replacements in order. */
export type HasManyQuery = BatchStatement;

/**
 * The batched has-many query of one include level, limit, offset and sort applied per parent, in
 * one statement for up to 500 parents, shaped by the dialect (`dialects/`) so that its cost follows
 * the rows returned: PostgreSQL a `LATERAL` subquery per parent key, SQLite a correlated
 * `IN (SELECT pk ... LIMIT ? OFFSET ?)`, others `ROW_NUMBER()`.
 * The columns are every column, or the `selected` attributes plus the keys and the sort key.
 * Identifiers come from the model, quoted by the dialect; every value is a replacement. Written
 * once per model and shape (foreign key, sort, columns, limit, offset and the text of the rows'
 * condition) and kept.
 */
export function hasManyQuery(target: AnyModel, foreignKey: string, sort: SortRequest, selected: string[] | null): HasManyQuery {
  const pk = target.primaryKeyAttribute;
  const sortAttribute = resolveSortKey(attributeKeys(target), sort, pk);
  const direction = sort.params.order === 'desc' ? 'DESC' : 'ASC';
  const orderKeys = [sortAttribute, pk].filter((a, i, all): a is string => !!a && all.indexOf(a) === i);
  // An include's filter() and the policy's rows, written on the table itself (the subqueries alias it not).
  const condition = sort.where ? ` AND ${sort.where(quotedTable(target))}` : '';
  const { limit, offset } = sort.params;
  const columns = selected ? [...selected, foreignKey, ...orderKeys] : null;
  const key = `hasMany ${foreignKey} ${orderKeys.join(',')} ${direction} ${limit} ${offset} ${columns?.join(',') ?? '*'}${condition}`;
  return keptStatement(target, key, () => writeHasMany(target, foreignKey, sort, columns, orderKeys, direction, condition));
}

function writeHasMany(
  target: AnyModel,
  foreignKey: string,
  sort: SortRequest,
  selected: string[] | null,
  orderKeys: string[],
  direction: string,
  condition: string,
): HasManyQuery {
  const { quote, column, columns, named, paranoid, table } = columnList(target, selected);
  const statement = dialectOf(target).hasMany({
    q: quote,
    table,
    columns,
    named,
    pk: column(target.primaryKeyAttribute),
    fk: column(foreignKey),
    conditions: `${paranoid}${condition}`,
    order: (prefix = '') => orderKeys.map((a) => `${prefix}${column(a)} ${direction}`).join(', '),
    limit: sort.params.limit,
    offset: sort.params.offset,
  });
  return { sql: lastText((count) => statement.sql(count)), replacements: (keys) => statement.replacements(keys) };
}
