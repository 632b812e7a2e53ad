import type { Model, ModelStatic } from 'sequelize';
import { fieldAttribute } from '../model/fieldAttribute';
import type { IncludeAggregate } from '../query/IncludeTree';
import { isModel } from './isModel';

type AnyModel = ModelStatic<Model>;

/** The aggregates of one parent's relation: `{ count: 7, exists: true, avg: { rating: 3.4 } }`. */
export interface AggregateValues {
  count?: number;
  exists?: boolean;
  sum?: Record<string, number | null>;
  avg?: Record<string, number | null>;
  min?: Record<string, unknown>;
  max?: Record<string, unknown>;
}

/**
 * The aggregates of a relation an include method gave as data (a model, a list of them, or plain
 * objects) rather than as `this.related()`: computed in memory.
 */
export function aggregateInMemory(data: unknown, aggregates: readonly IncludeAggregate[]): AggregateValues {
  const rows = (Array.isArray(data) ? data : data === null || data === undefined ? [] : [data]) as unknown[];
  const first = rows[0];
  const target = isModel(first) ? (first.constructor as AnyModel) : null;
  const columns = new Map<string, string>();
  for (const { column } of aggregates) if (column !== undefined) columns.set(column, (target && fieldAttribute(target, column)) ?? column);
  return aggregatesOfRows(rows, aggregates, columns);
}

/** The aggregates of rows loaded already (models or plain objects), `columns` naming each asked column's attribute. */
export function aggregatesOfRows(loaded: unknown, aggregates: readonly IncludeAggregate[], columns: ReadonlyMap<string, string>): AggregateValues {
  const rows = (Array.isArray(loaded) ? loaded : loaded ? [loaded] : []) as unknown[];
  const read = (row: unknown, attribute: string) => (isModel(row) ? row.get(attribute) : (row as Record<string, unknown>)[attribute]);
  const values: AggregateValues = {};
  for (const { fn, column } of aggregates) {
    if (fn === 'count') values.count = rows.length;
    else if (fn === 'exists') values.exists = rows.length > 0;
    else {
      const attribute = columns.get(column!)!;
      const present = rows.map((row) => read(row, attribute)).filter((value) => value !== null && value !== undefined);
      const numbers = present.map(Number);
      const pick = (better: (a: unknown, b: unknown) => boolean) =>
        present.length === 0 ? null : present.reduce((best, value) => (better(value, best) ? value : best));
      const result =
        fn === 'sum'
          ? present.length
            ? numbers.reduce((a, b) => a + b, 0)
            : null
          : fn === 'avg'
            ? present.length
              ? numbers.reduce((a, b) => a + b, 0) / present.length
              : null
            : fn === 'min'
              ? pick((a, b) => (a as number) < (b as number))
              : pick((a, b) => (a as number) > (b as number));
      (values[fn] ??= {})[column!] = result as never;
    }
  }
  return values;
}
