import { isModel } from '../loader/isModel';
import { camelCase, snakeCase } from '../text/caseStyles';
import type { DateConversion, KeyCase } from '../config/ApiConfig';
import { isPlainObject } from '../config/deepMerge';
import { MISSING } from '../transformer/fieldValues';
import type { FieldNames } from '../transformer/hiddenFields';
import { ByteCount, fieldSize } from '../transformer/jsonSize';
import { formatDate } from './formatDate';

/** Converted keys are few and repeat on every row: remember them (bounded, for hostile key sets). */
const keyCache = { snake: new Map<string, string>(), camel: new Map<string, string>() };
const MAX_CACHED_KEYS = 10_000;

function convertKey(key: string, keyCase: 'snake' | 'camel'): string {
  const cache = keyCache[keyCase];
  let converted = cache.get(key);
  if (converted === undefined) {
    converted = keyCase === 'snake' ? snakeCase(key) : camelCase(key);
    if (cache.size < MAX_CACHED_KEYS) cache.set(key, converted);
  }
  return converted;
}

/**
 * Rewrites every key of a response body (`convert.key`) and every `Date` value (`convert.date`);
 * Sequelize models become their plain attributes. Values other than dates are never changed.
 * Copy on write: an object or array in which nothing changes is returned as it is.
 *
 * @example
 * convertBody({ createdAt: new Date(0) }, 'snake', 'iso8601'); // { created_at: '1970-01-01T00:00:00.000Z' }
 */
export function convertBody(value: unknown, keyCase: KeyCase, date: DateConversion): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return convertArray(value, keyCase, date);
  if (isPlainObject(value)) return convertObject(value, keyCase, date);
  if (value instanceof Date) return formatDate(value, date);
  if (isModel(value)) return convertBody(value.get({ plain: true }), keyCase, date);
  return value;
}

// These two loops run for every object of every response: primitives are taken without a call,
// and nothing is allocated until something changes.

function convertArray(value: unknown[], keyCase: KeyCase, date: DateConversion): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < value.length; i++) {
    const entry = value[i];
    const next = entry === null || typeof entry !== 'object' ? entry : convertBody(entry, keyCase, date);
    if (out === undefined && next !== entry) out = value.slice(0, i);
    if (out !== undefined) out.push(next);
  }
  return out ?? value;
}

function convertObject(value: Record<string, unknown>, keyCase: KeyCase, date: DateConversion): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  // for...in is safe here: a plain object inherits no enumerable keys.
  for (const key in value) {
    const entry = value[key];
    const next = entry === null || typeof entry !== 'object' ? entry : convertBody(entry, keyCase, date);
    const name = keyCase ? convertKey(key, keyCase) : key;
    if (out === undefined && (next !== entry || name !== key)) out = copyUntil(value, key);
    if (out !== undefined) out[name] = next;
  }
  return out ?? value;
}

/** The keys before `stop`, which were left as they were (an undefined one, which JSON leaves out, not copied). */
function copyUntil(value: Record<string, unknown>, stop: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (key === stop) break;
    if (value[key] !== undefined) out[key] = value[key];
  }
  return out;
}

/**
 * `convert.key` and `convert.date` as one object, handed to the serializers so that each output
 * object is built once, already converted.
 */
export interface Converter {
  /** One key, converted. */
  key(name: string): string;
  /** A value converted deeply; the same object when nothing in it changes, a model as a new plain object. */
  value(value: unknown): unknown;
  /**
   * A transformer's fields converted as `value()` does, in the same pass their lazy values
   * (functions) computed and their MISSING ones left out, and the `omit` ones too. With `size`, the
   * JSON size of what is sent (as `jsonSize()` estimates it) is added to `size.bytes` in that pass.
   */
  fields(fields: Record<string, unknown>, omit?: FieldNames | null, size?: ByteCount): Record<string, unknown>;
}

/** The converter of a `convert` config. */
export function converter(keyCase: KeyCase, date: DateConversion): Converter {
  return {
    key: keyCase ? (name) => convertKey(name, keyCase) : (name) => name,
    value: (value) => convertBody(value, keyCase, date),
    fields: (fields, omit, size) => convertFields(fields, keyCase, date, omit, size),
  };
}

/**
 * convertObject() for a transformer's fields: a function is called and its value converted, MISSING
 * and `omit` keys dropped; what is kept is measured into `size` as `jsonSize()` would measure the
 * result. An undefined value is passed over as JSON passes it over: left where it is, or not copied.
 */
function convertFields(
  value: Record<string, unknown>,
  keyCase: KeyCase,
  date: DateConversion,
  omit?: FieldNames | null,
  size?: ByteCount,
): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  let bytes = 2;
  for (const key in value) {
    let entry = value[key];
    // JSON leaves an undefined value out: nothing to omit, convert or count. (A hidden attribute the
    // rows were read without reaches a transformer as undefined: its field costs no copy.)
    if (entry === undefined) continue;
    if (omit?.has(key)) {
      out ??= copyUntil(value, key);
      continue;
    }
    if (typeof entry === 'function') entry = (entry as () => unknown)();
    if (entry === MISSING) {
      out ??= copyUntil(value, key);
      continue;
    }
    const next = entry === null || typeof entry !== 'object' ? entry : convertBody(entry, keyCase, date);
    const name = keyCase ? convertKey(key, keyCase) : key;
    if (size) bytes += fieldSize(name, next, 1);
    if (out === undefined && (next !== value[key] || name !== key)) out = copyUntil(value, key);
    if (out !== undefined) out[name] = next;
  }
  if (size) size.bytes += bytes;
  return out ?? value;
}
