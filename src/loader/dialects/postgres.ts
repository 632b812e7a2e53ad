import { valueRows } from './placeholders';
import type { BatchStatement, BelongsToManyPieces, HasManyPieces, SqlDialect } from './SqlDialect';

/**
 * PostgreSQL: each parent key drives a `LATERAL` subquery that walks the `(fk, sort key)` index and
 * stops after offset + limit rows; `ILIKE`; full-text through `to_tsvector` and `to_tsquery` with the
 * `simple` configuration (the example indexes that very expression with GIN).
 */
export const postgres: SqlDialect = {
  caseInsensitiveLike: 'ILIKE',

  hasMany({ q, table, columns, named, fk, conditions, order, limit, offset }: HasManyPieces): BatchStatement {
    const parent = `${q('__rca_parent')}.${q('key')}`;
    const rows = `${q('__rca_rows')}.`;
    return {
      sql: (count) =>
        `SELECT ${named(rows)} FROM (VALUES ${valueRows(count)}) AS ${q('__rca_parent')}(${q('key')}) CROSS JOIN LATERAL ` +
        `(SELECT ${columns()} FROM ${table} WHERE ${fk} = ${parent}${conditions} ORDER BY ${order()} LIMIT ? OFFSET ?) AS ${q('__rca_rows')} ` +
        `ORDER BY ${parent}, ${order(rows)}`,
      replacements: (keys) => [...keys, limit, offset],
    };
  },

  belongsToMany(p: BelongsToManyPieces): BatchStatement {
    const { q, alias, parentKey } = p;
    return {
      sql: (count) =>
        `SELECT ${p.named(`${alias.rows}.`)}, ${parentKey} AS ${p.parentKeyAlias}, ${p.throughAliases(alias.rows)} ` +
        `FROM (VALUES ${valueRows(count)}) AS ${alias.parent}(${q('key')}) CROSS JOIN LATERAL ` +
        `(SELECT ${p.columns(`${alias.t}.`)}, ${p.linkColumns(alias.j)} FROM ${p.joined(alias.t, alias.j)} ` +
        `WHERE ${p.foreignKey(alias.j)} = ${parentKey}${p.scopes(alias.t, alias.j)} ORDER BY ${p.order(alias.t)} LIMIT ? OFFSET ?) AS ${alias.rows} ` +
        `ORDER BY ${parentKey}, ${p.order(alias.rows)}`,
      replacements: (keys) => [...keys, p.limit, p.offset],
    };
  },

  fullText: (document, tsQuery) => `to_tsvector('simple', ${document}) @@ to_tsquery('simple', ${tsQuery})`,
};
