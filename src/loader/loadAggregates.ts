import { columnType } from '../model/columnType';
import { Association, Model, ModelStatic, QueryTypes } from 'sequelize';
import { ApiError, UnexpectedIncludesParameterError } from '../errors/ApiError';
import type { IncludeAggregate } from '../query/IncludeTree';
import { belongsToManyParts } from './belongsToManyQuery';
import { columnList } from './columnList';
import { isModel } from './isModel';
import type { RelatedRef } from './RelatedRef';
import { preloaded } from './inMemory';
import { scopeCondition } from './scopeCondition';
import { bothConditions, policySql } from './policyRows';
import { parseSqliteRow } from './selectModels';
import { aggregatesOfRows, AggregateValues } from './aggregateInMemory';
import { chunks } from './parentBatches';
import { parameterList } from './dialects/placeholders';

import { fieldAttribute } from '../model/fieldAttribute';

type AnyModel = ModelStatic<Model>;

/**
 * Computes aggregates of one relation for every parent in `refs` (all of one model): one
 * `GROUP BY` statement for all of them (per 500 parents), `COUNT(*)` and each asked
 * `SUM`/`AVG`/`MIN`/`MAX` together; a relation already in memory costs none. A column is the
 * target's attribute or column of that name (the caller checks it against what the transformer
 * allows). A parent without related rows has count 0, exists false, and null for the others.
 *
 * @example
 * const values = await loadAggregates(refs, [{ fn: 'count' }, { fn: 'avg', column: 'rating' }]);
 */
export async function loadAggregates(
  refs: RelatedRef[],
  aggregates: readonly IncludeAggregate[],
  filter?: (alias: string) => string,
): Promise<AggregateValues[]> {
  if (refs.length === 0) return [];
  const parent = refs[0].parent;
  if (!isModel(parent)) throw new ApiError('RCA_RELATION_UNKNOWN', { model: parent.constructor.name, association: refs[0].association });
  const association = (parent.constructor as AnyModel).associations?.[refs[0].association];
  if (!association) throw new ApiError('RCA_RELATION_UNKNOWN', { model: parent.constructor.name, association: refs[0].association });
  const target = association.target as AnyModel;
  // Only the rows the principal may see are counted; rows in memory were not read under its policy.
  const where = bothConditions(filter, policySql(target));
  const columns = new Map<string, string>();
  for (const { fn, column } of aggregates) {
    if (column === undefined) continue;
    const attribute = fieldAttribute(target, column);
    if (!attribute) throw new ApiError('RCA_AGGREGATE_UNMAPPED', { field: column, model: target.name });
    refuseNonNumeric(target, attribute, fn, column, refs[0].association);
    columns.set(column, attribute);
  }
  const memory = refs.map((ref) => preloaded(ref.parent, ref.association));
  if (!where && memory.every((loaded) => loaded !== undefined)) return memory.map((loaded) => aggregatesOfRows(loaded, aggregates, columns));
  const { keyOf, sql } = aggregateSql(association, target, aggregates, columns, where);
  const byKey = new Map<string, Record<string, unknown>>();
  const keys = [...new Set(refs.map((ref) => keyOf(ref.parent as Model)).filter((key) => key !== null && key !== undefined))];
  for (const chunk of chunks(keys)) {
    const rows = await target.sequelize!.query<Record<string, unknown>>(sql(chunk.length), { type: QueryTypes.SELECT, replacements: chunk, raw: true });
    for (const row of rows) byKey.set(String(row.__rca_parent_key), row);
  }
  return refs.map((ref) => valuesOf(byKey.get(String(keyOf(ref.parent as Model))), aggregates, columns, target));
}

/** What sum() and avg() add up: numeric columns. */
const numeric = (target: AnyModel, attribute: string) => ['integer', 'number'].includes(columnType(target.getAttributes()[attribute]) ?? '');

/**
 * sum() and avg() add numbers: over a date SQLite would add up the years of its text (and PostgreSQL
 * refuse), so any other column is the client's 400; min() and max() take dates and texts too.
 */
function refuseNonNumeric(target: AnyModel, attribute: string, fn: string, column: string, relation: string): void {
  if (fn !== 'sum' && fn !== 'avg') return;
  if (numeric(target, attribute)) return;
  throw new UnexpectedIncludesParameterError(`${relation}:${fn}(${column})`, `${fn}() adds numbers, and "${column}" is not a number; min() and max() take it`);
}

/** The statement: the parent's key, `COUNT(*)` and each aggregate, grouped by the parent's key. */
function aggregateSql(
  association: Association,
  target: AnyModel,
  aggregates: readonly IncludeAggregate[],
  columns: ReadonlyMap<string, string>,
  filter?: (alias: string) => string,
) {
  const rows = columnList(target, null);
  const q = rows.quote;
  const t = q('__rca_t');
  const selected = aggregates
    .filter((aggregate) => aggregate.column !== undefined)
    .map((aggregate) => `${aggregate.fn.toUpperCase()}(${t}.${rows.column(columns.get(aggregate.column!)!)}) AS ${q(`${aggregate.fn}_${aggregate.column!}`)}`);
  const scope = (association as unknown as { scope?: object }).scope;
  const where = [rows.paranoid.replace(' AND ', ` AND ${t}.`), scope ? ` AND ${scopeCondition(target, scope, t)}` : '', filter ? ` AND ${filter(t)}` : ''].join(
    '',
  );
  const select = (key: string) => [`${key} AS ${q('__rca_parent_key')}`, `COUNT(*) AS ${q('count')}`, ...selected].join(', ');
  const raw = association as unknown as { foreignKey: string; sourceKey: string; targetKey: string };
  switch (association.associationType) {
    case 'BelongsTo':
      return {
        keyOf: (parent: Model) => parent.get(raw.foreignKey),
        sql: (count: number) =>
          `SELECT ${select(`${t}.${rows.column(raw.targetKey)}`)} FROM ${rows.table} AS ${t} WHERE ${t}.${rows.column(raw.targetKey)} IN (${parameterList(count)})${where} GROUP BY ${t}.${rows.column(raw.targetKey)}`,
      };
    case 'HasOne':
    case 'HasMany':
      return {
        keyOf: (parent: Model) => parent.get(raw.sourceKey),
        sql: (count: number) =>
          `SELECT ${select(`${t}.${rows.column(raw.foreignKey)}`)} FROM ${rows.table} AS ${t} WHERE ${t}.${rows.column(raw.foreignKey)} IN (${parameterList(count)})${where} GROUP BY ${t}.${rows.column(raw.foreignKey)}`,
      };
    default: {
      const parts = belongsToManyParts(association);
      const link = columnList(parts.through, null);
      const j = q('__rca_j');
      const linkKey = `${j}.${link.column(parts.foreignKey)}`;
      const throughScope = parts.throughScope ? ` AND ${scopeCondition(parts.through, parts.throughScope, j)}` : '';
      return {
        keyOf: (parent: Model) => parent.get(parts.sourceKey),
        sql: (count: number) =>
          `SELECT ${select(linkKey)} FROM ${link.table} AS ${j} JOIN ${rows.table} AS ${t} ON ${t}.${rows.column(parts.targetKey)} = ${j}.${link.column(parts.otherKey)} ` +
          `WHERE ${linkKey} IN (${parameterList(count)})${where}${throughScope} GROUP BY ${linkKey}`,
      };
    }
  }
}

/** One parent's values from its row of the statement (none: no related rows), typed. */
function valuesOf(
  row: Record<string, unknown> | undefined,
  aggregates: readonly IncludeAggregate[],
  columns: ReadonlyMap<string, string>,
  target: AnyModel,
): AggregateValues {
  const values: AggregateValues = {};
  const count = row ? Number(row.count) : 0;
  for (const { fn, column } of aggregates) {
    if (fn === 'count') values.count = count;
    else if (fn === 'exists') values.exists = count > 0;
    else {
      const value = row?.[`${fn}_${column!}`];
      (values[fn] ??= {})[column!] = (value === null || value === undefined ? null : typed(fn, value, target, columns.get(column!)!)) as never;
    }
  }
  return values;
}

/** SUM and AVG as numbers (PostgreSQL answers numeric as text); MIN and MAX as the column's type (SQLite answers dates as text). */
function typed(fn: string, value: unknown, target: AnyModel, attribute: string): unknown {
  if (fn === 'sum' || fn === 'avg') return Number(value);
  if (numeric(target, attribute)) return Number(value);
  // The attribute's own dialect parser, as rows read by hand are typed (selectModels).
  const row = { [attribute]: value };
  parseSqliteRow(target, row);
  return row[attribute];
}
