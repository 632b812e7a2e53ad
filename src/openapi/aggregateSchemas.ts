import { fieldKey } from '../text/fieldKey';
import type { Transformer } from '../transformer/Transformer';
import { madeFromHidden } from '../transformer/AccessView';
import type { JsonSchema } from './schemaTypes';

/** The functions an include's aggregates offer over a column, and what a column of each declared schema allows. */
type AggregateFunction = 'sum' | 'avg' | 'min' | 'max';

/**
 * The aggregates `transformer` offers over the relation `name` (`include=comments:avg(rating)`), each
 * function with the columns it may read and the schema of its value: sum and avg add numbers, so a
 * column declared as anything else has min and max only (the server refuses the others, 400);
 * min and max are the column's own type (a date's min is a date).
 */
export function aggregateColumns(
  transformer: Transformer,
  name: string,
  related: Transformer | undefined,
  hidden: ReadonlySet<string>,
): Array<[AggregateFunction, string, JsonSchema]> {
  const offered: Array<[AggregateFunction, string, JsonSchema]> = [];
  for (const column of transformer.aggregates[name] ?? []) {
    if (madeFromHidden(column, undefined, hidden)) continue;
    const schema = related?.schema ?? undefined;
    // Declared under the field's own spelling (`publishedAt` for the column `published_at`).
    const declared = schema ? Object.entries(schema).find(([field]) => fieldKey(field) === fieldKey(column))?.[1] : undefined;
    const { 'x-optional': _optional, ...columnSchema } = (declared ?? {}) as Record<string, unknown>;
    const adds = declared === undefined || isNumeric(columnSchema);
    for (const fn of adds ? (['sum', 'avg', 'min', 'max'] as const) : (['min', 'max'] as const)) {
      offered.push([fn, column, fn === 'sum' || fn === 'avg' ? { type: 'number' } : columnSchema]);
    }
  }
  return offered;
}

/**
 * The members an array envelope sends an include's aggregates as, beside the item's fields
 * (`comments_count`, `comments_exists`, `comments_avg_rating`), each optional: sent when asked.
 */
export function aggregateMembers(
  name: string,
  offered: Array<[AggregateFunction, string, JsonSchema]>,
  key: (name: string) => string,
): Record<string, JsonSchema> {
  const members: Record<string, JsonSchema> = {
    [key(`${name}_count`)]: { type: 'integer', minimum: 0, description: `include=${name}:count` },
    [key(`${name}_exists`)]: { type: 'boolean', description: `include=${name}:exists` },
  };
  for (const [fn, column, value] of offered) {
    members[key(`${name}_${fn}_${column}`)] = { anyOf: [value, { type: 'null' }], description: `include=${name}:${fn}(${column})` };
  }
  return members;
}

/**
 * A JSON:API relationship's `meta`: the relation's aggregates (`{ count: 7, avg: { rating: 3.4 } }`)
 * and, when an include's limit left rows out, where it stopped (`{ limit, offset, more: true }`).
 * Every member optional, none other sent.
 */
export function relationshipMeta(name: string, offered: Array<[AggregateFunction, string, JsonSchema]>, key: (name: string) => string): JsonSchema {
  const byFunction = new Map<AggregateFunction, Record<string, JsonSchema>>();
  for (const [fn, column, value] of offered) {
    let columns = byFunction.get(fn);
    if (!columns) byFunction.set(fn, (columns = {}));
    columns[key(column)] = { anyOf: [value, { type: 'null' }], description: `include=${name}:${fn}(${column})` };
  }
  const properties: Record<string, JsonSchema> = {
    [key('count')]: { type: 'integer', minimum: 0, description: `include=${name}:count` },
    [key('exists')]: { type: 'boolean', description: `include=${name}:exists` },
  };
  for (const [fn, columns] of byFunction) properties[key(fn)] = { type: 'object', properties: columns, additionalProperties: false };
  return { type: 'object', properties: { ...properties, ...cutProperties(key) }, additionalProperties: false };
}

/**
 * The `meta` of an included collection that its limit cut (`include=comments:limit(3)` of a book
 * with more): `{ limit, offset, more: true }`, so that a client knows to ask for the rest.
 */
export function cutMetaSchema(key: (name: string) => string): JsonSchema {
  return { type: 'object', properties: cutProperties(key), required: [key('limit'), key('offset'), key('more')], additionalProperties: false };
}

function cutProperties(key: (name: string) => string): Record<string, JsonSchema> {
  return {
    [key('limit')]: { type: 'integer', minimum: 0, description: "The include's limit, when it left rows out." },
    [key('offset')]: { type: 'integer', minimum: 0, description: "The include's offset." },
    [key('more')]: { const: true, description: 'The relation has rows past this cut.' },
  };
}

/** True when a declared field's schema is a number (or an integer), alone or with null. */
function isNumeric(schema: Record<string, unknown>): boolean {
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  return types.some((type) => type === 'number' || type === 'integer');
}
