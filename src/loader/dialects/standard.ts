import { parameterList } from './placeholders';
import type { BatchStatement, BelongsToManyPieces, HasManyPieces, SqlDialect } from './SqlDialect';

/**
 * Any other database with window functions (MySQL 8, MariaDB, ...): `ROW_NUMBER() OVER (PARTITION BY
 * fk ...)` numbers every row of the parents and keeps each one's slice; `LIKE`; no full-text.
 */
export const standard: SqlDialect = {
  caseInsensitiveLike: 'LIKE',

  hasMany({ q, table, columns, named, fk, conditions, order, limit, offset }: HasManyPieces): BatchStatement {
    return {
      sql: (count) =>
        `SELECT ${named()} FROM (SELECT ${columns()}, ROW_NUMBER() OVER (PARTITION BY ${fk} ORDER BY ${order()}) AS ${q('__rca_row')} ` +
        `FROM ${table} WHERE ${fk} IN (${parameterList(count)})${conditions}) AS ${q('__rca_ranked')} ` +
        `WHERE ${q('__rca_row')} > ? AND ${q('__rca_row')} <= ? ORDER BY ${fk}, ${q('__rca_row')}`,
      replacements: (keys) => [...keys, offset, offset + limit],
    };
  },

  belongsToMany(p: BelongsToManyPieces): BatchStatement {
    const { q, alias } = p;
    return {
      sql: (count) =>
        `SELECT ${p.named(`${alias.rows}.`)}, ${alias.rows}.${p.parentKeyAlias}, ${p.throughAliases(alias.rows)} FROM ` +
        `(SELECT ${p.columns(`${alias.t}.`)}, ${p.linkColumns(alias.j)}, ${p.foreignKey(alias.j)} AS ${p.parentKeyAlias}, ` +
        `ROW_NUMBER() OVER (PARTITION BY ${p.foreignKey(alias.j)} ORDER BY ${p.order(alias.t)}) AS ${q('__rca_row')} ` +
        `FROM ${p.joined(alias.t, alias.j)} WHERE ${p.foreignKey(alias.j)} IN (${parameterList(count)})${p.scopes(alias.t, alias.j)}) AS ${alias.rows} ` +
        `WHERE ${q('__rca_row')} > ? AND ${q('__rca_row')} <= ? ORDER BY ${alias.rows}.${p.parentKeyAlias}, ${q('__rca_row')}`,
      replacements: (keys) => [...keys, p.offset, p.offset + p.limit],
    };
  },
};
