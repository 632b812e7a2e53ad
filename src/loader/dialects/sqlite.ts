import { valueRows } from './placeholders';
import type { BatchStatement, BelongsToManyPieces, HasManyPieces, SqlDialect } from './SqlDialect';

/**
 * SQLite: the parent keys as a `WITH` table, each parent's rows picked by a correlated
 * `IN (SELECT pk ... LIMIT ? OFFSET ?)` that walks the index; `LIKE` (it ignores ASCII case already);
 * no built-in full-text (an FTS5 table when the model declares one, else `LIKE`: `searchCondition()`).
 */
export const sqlite: SqlDialect = {
  caseInsensitiveLike: 'LIKE',

  hasMany({ q, table, named, pk, fk, conditions, order, limit, offset }: HasManyPieces): BatchStatement {
    const parent = `${q('__rca_parent')}.${q('key')}`;
    const rows = `${q('__rca_rows')}.`;
    return {
      sql: (count) =>
        `WITH ${q('__rca_parent')}(${q('key')}) AS (VALUES ${valueRows(count)}) SELECT ${named(rows)} FROM ${q('__rca_parent')} ` +
        `JOIN ${table} AS ${q('__rca_rows')} ON ${rows}${pk} IN ` +
        `(SELECT ${pk} FROM ${table} WHERE ${fk} = ${parent}${conditions} ORDER BY ${order()} LIMIT ? OFFSET ?) ` +
        `ORDER BY ${parent}, ${order(rows)}`,
      replacements: (keys) => [...keys, limit, offset],
    };
  },

  belongsToMany(p: BelongsToManyPieces): BatchStatement {
    const { q, alias, parentKey } = p;
    return {
      sql: (count) =>
        `WITH ${alias.parent}(${q('key')}) AS (VALUES ${valueRows(count)}) ` +
        `SELECT ${p.named(`${alias.rows}.`)}, ${parentKey} AS ${p.parentKeyAlias}, ${p.linkColumns(alias.link)} FROM ${alias.parent} ` +
        `JOIN ${p.table} AS ${alias.rows} ON ${p.pk(alias.rows)} IN ` +
        `(SELECT ${p.pk(alias.t)} FROM ${p.joined(alias.t, alias.j)} WHERE ${p.foreignKey(alias.j)} = ${parentKey}${p.scopes(alias.t, alias.j)} ` +
        `ORDER BY ${p.order(alias.t)} LIMIT ? OFFSET ?) ` +
        `JOIN ${p.linkJoin} ` +
        `ORDER BY ${parentKey}, ${p.order(alias.rows)}`,
      replacements: (keys) => [...keys, p.limit, p.offset],
    };
  },
};
