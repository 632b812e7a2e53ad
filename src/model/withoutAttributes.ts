import { isModelRow } from './ModelRow';

/**
 * A model row or instance as a transformer reads it when `hidden` attributes may not be read: the
 * same values, those attributes `undefined` (through `row.cost`, `get('cost')`, `dataValues` and
 * `toJSON()` alike). The record itself is left as it is: its keys still serve the includes. Anything
 * else, and a record when nothing is hidden or that holds none of it, is answered as it is.
 *
 * @example
 * withoutAttributes(book, new Set(['cost'])).cost; // undefined
 */
export function withoutAttributes<T>(record: T, hidden: ReadonlySet<string>): T {
  if (hidden.size === 0 || record === null || typeof record !== 'object') return record;
  // A row's `dataValues` is the row itself. A record read without the hidden attributes (the loader
  // selects none but keys), or one without `dataValues` (not a model), is answered as it is.
  const values = (record as { dataValues?: unknown }).dataValues;
  if (!holdsAny(values, hidden)) return record;
  if (isModelRow(record)) {
    const copy = Object.create(Object.getPrototypeOf(record) as object) as Record<string, unknown>;
    for (const key of Object.keys(record)) copy[key] = hidden.has(key) ? undefined : (record as Record<string, unknown>)[key];
    return copy as T;
  }
  // An instance's getters read `dataValues`: a view with its own, hidden ones undefined, answers them.
  const masked: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const key of hidden) if (key in masked) masked[key] = undefined;
  return Object.create(record, { dataValues: { value: masked, enumerable: false } }) as T;
}

/** Whether `values` has a value of its own for any of `names`. */
function holdsAny(values: unknown, names: ReadonlySet<string>): boolean {
  if (values === null || typeof values !== 'object') return false;
  for (const name of names) if (Object.prototype.hasOwnProperty.call(values, name)) return true;
  return false;
}
