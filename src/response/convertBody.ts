import { Model } from 'sequelize';
import type { DateConversion, KeyCase } from '../config/ApiConfig';
import { isPlainObject } from '../config/deepMerge';
import { formatDate } from './formatDate';

const toSnake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[-\s]+/g, '_').toLowerCase();
const toCamel = (key: string) => key.replace(/[_-]+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase());

/** Converted keys are few and repeat on every row: remember them (bounded, for hostile key sets). */
const keyCache = { snake: new Map<string, string>(), camel: new Map<string, string>() };
const MAX_CACHED_KEYS = 10_000;

function convertKey(key: string, keyCase: 'snake' | 'camel'): string {
  const cache = keyCache[keyCase];
  let converted = cache.get(key);
  if (converted === undefined) {
    converted = keyCase === 'snake' ? toSnake(key) : toCamel(key);
    if (cache.size < MAX_CACHED_KEYS) cache.set(key, converted);
  }
  return converted;
}

/**
 * Rewrites every key of a response body (`convert.key`) and every `Date` value (`convert.date`);
 * Sequelize models become their plain attributes. Values other than dates are never changed.
 *
 * @example
 * convertBody({ createdAt: new Date(0) }, 'snake', 'iso8601'); // { created_at: '1970-01-01T00:00:00.000Z' }
 */
export function convertBody(value: unknown, keyCase: KeyCase, date: DateConversion): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return formatDate(value, date);
  if (Array.isArray(value)) return value.map((entry) => convertBody(entry, keyCase, date));
  if (value instanceof Model) return convertBody(value.get({ plain: true }), keyCase, date);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    out[keyCase ? convertKey(key, keyCase) : key] = convertBody(value[key], keyCase, date);
  }
  return out;
}
