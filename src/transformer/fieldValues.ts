import { isModel } from '../loader/isModel';

/**
 * The value of a field that is left out of the response: what `this.when(false, ...)` and
 * `this.whenLoaded()` of a relation that was not loaded answer.
 */
export const MISSING: unique symbol = Symbol('rca.missing');

/** A field value computed only when the field is sent: `() => book.createdAt.toISOString()`. */
export type Lazy<T> = () => T;

/**
 * The fields as they are sent: lazy values (functions) computed, MISSING values dropped, and only
 * the keys `keep` accepts (all when null). Answers the same object when there is nothing to do.
 *
 * @example
 * resolveFields({ id: 1, a: () => 2, b: MISSING }, null); // { id: 1, a: 2 }
 */
export function resolveFields(fields: Record<string, unknown>, keep: ((key: string) => boolean) | null): Record<string, unknown> {
  if (keep === null && !hasSpecialValues(fields)) return fields;
  const out: Record<string, unknown> = {};
  for (const key in fields) {
    if (keep !== null && !keep(key)) continue;
    let value = fields[key];
    if (typeof value === 'function') value = (value as Lazy<unknown>)();
    if (value !== MISSING) out[key] = value;
  }
  return out;
}

function hasSpecialValues(fields: Record<string, unknown>): boolean {
  for (const key in fields) {
    const value = fields[key];
    if (typeof value === 'function' || value === MISSING) return true;
  }
  return false;
}

/**
 * A loaded relation as a field value: models (and rows) as their plain attributes, in lists too.
 *
 * @example
 * plainValue([author]); // [{ id: 1, name: 'Ada' }]
 */
export function plainValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plainValue);
  return isModel(value) ? value.get({ plain: true }) : value;
}
