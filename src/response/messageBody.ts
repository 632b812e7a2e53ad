import type { MessageFormat } from '../config/ApiConfig';
import { isPlainObject } from '../config/deepMerge';

/**
 * Fills a `successFormat`/`errorFormat` template: string values `:code` and `:message` are
 * replaced by the values themselves (so a message may be an object).
 *
 * @example
 * messageBody({ error: { code: ':code', message: ':message' } }, 404, 'Not Found');
 * // { error: { code: 404, message: 'Not Found' } }
 */
export function messageBody(format: MessageFormat, code: number, message: unknown): Record<string, unknown> {
  return fill(format, code, message) as Record<string, unknown>;
}

function fill(value: unknown, code: number, message: unknown): unknown {
  if (value === ':code') return code;
  if (value === ':message') return message;
  if (Array.isArray(value)) return value.map((entry) => fill(entry, code, message));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry, code, message)]));
}

/** The `debug` block of an error body: class, file, line and trace, with any SQL text masked. */
export function debugBlock(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { class: typeof error, file: null, line: null, trace: [] };
  const sql = (error as { sql?: unknown }).sql;
  const mask = (text: string) => (typeof sql === 'string' && sql ? text.split(sql).join('[SQL]') : text);
  const trace = (error.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => mask(line.trim()))
    .filter(Boolean);
  const where = /\(?([^\s()]+):(\d+):\d+\)?$/.exec(trace[0] ?? '');
  return { class: error.constructor.name, file: where?.[1] ?? null, line: where ? Number(where[2]) : null, trace };
}
