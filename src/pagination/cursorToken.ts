import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Model, ModelStatic } from 'sequelize';
import type { KeysetKey } from '../loader/keysetWhere';
import { isCursorShaped, paginationInvalid } from '../query/parsePage';
import { parseCalendarDate } from '../validation/calendarDate';

/** Which way a token reads from its position. */
export type Direction = 'after' | 'before';

/** What a token holds: its direction, the list's fingerprint, the keys' values. */
export interface Position {
  direction: Direction;
  fingerprint: string;
  values: unknown[];
}

const VERSION = 1;

/** A position as a token (base64url JSON). */
export function encode(position: Position): string {
  return Buffer.from(JSON.stringify([VERSION, position.direction === 'after' ? 1 : -1, position.fingerprint, ...position.values])).toString('base64url');
}

/** A token's position, or a 400 for anything that is not one this server wrote. */
/** A token as its position; a 400 for anything this API did not write. */
export function decode(token: string, parameter: string): Position {
  let parsed: unknown;
  try {
    if (!isCursorShaped(token)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw paginationInvalid(parameter, 'is not a cursor this API gave out');
  }
  if (!Array.isArray(parsed) || parsed.length < 4 || parsed[0] !== VERSION || (parsed[1] !== 1 && parsed[1] !== -1) || typeof parsed[2] !== 'string') {
    throw paginationInvalid(parameter, 'is not a cursor this API gave out');
  }
  return { direction: parsed[1] === 1 ? 'after' : 'before', fingerprint: parsed[2], values: parsed.slice(3) as unknown[] };
}

/**
 * Ties a token to one list: the route's path (`/v1/posts/5/comments` is not `/v1/posts/6/comments`),
 * the model and its order. A token of another list is refused rather than misread. With
 * `pagination.cursorSecret` it is an HMAC of the list and of the position itself, so that a
 * position the API did not give out (invented or edited) is refused too.
 */
export function fingerprintOf(list: string, secret: string | null, position: Pick<Position, 'direction' | 'values'>): string {
  if (secret === null) return createHash('sha256').update(list).digest('base64url').slice(0, 10);
  return createHmac('sha256', secret)
    .update(`${list}|${position.direction}|${JSON.stringify(position.values)}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The list a token belongs to: its path, model, order and filter (in its canonical spelling). */
export function listOf(path: string, model: ModelStatic<Model>, keys: readonly KeysetKey[], filter: string): string {
  const list = `${path}|${model.name}|${keys.map((key) => key.join(' ')).join(',')}`;
  return filter === '' ? list : `${list}|${filter}`;
}

/** Compares fingerprints in constant time (a signature must not be guessable byte by byte). */
export function sameFingerprint(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The form encode() writes dates in; anything else in a date key was not written by this API. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INTEGER_TYPES = new Set(['INTEGER', 'BIGINT', 'SMALLINT', 'TINYINT', 'MEDIUMINT']);
const NUMBER_TYPES = new Set(['FLOAT', 'DOUBLE', 'REAL', 'DECIMAL']);

/** One key's value as its attribute's type, or undefined when it cannot be one. */
function typedValue(attribute: { type: unknown; autoIncrement?: boolean }, value: unknown): unknown {
  const type = (attribute.type as { key?: string }).key ?? '';
  if (type === 'DATE' || type === 'DATEONLY') {
    const date = typeof value === 'string' && (type === 'DATEONLY' || ISO_INSTANT.test(value)) ? parseCalendarDate(value) : null;
    return date === null ? undefined : type === 'DATE' ? date : value;
  }
  if (INTEGER_TYPES.has(type)) {
    // A generated key is never below 1.
    return Number.isSafeInteger(value) && (!attribute.autoIncrement || (value as number) >= 1) ? value : undefined;
  }
  if (NUMBER_TYPES.has(type)) return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  if (type === 'BOOLEAN') return typeof value === 'boolean' ? value : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * A token's values as the attributes' types, each as encode() writes it: a date an ISO instant of a
 * real day (year 0001 on), an integer a safe integer (a generated key at least 1), a number a finite
 * number; anything else is a 400.
 */
export function typedValues(model: ModelStatic<Model>, keys: readonly KeysetKey[], values: unknown[], parameter: string): unknown[] {
  const attributes = model.getAttributes();
  return keys.map(([attribute], i) => {
    const typed = typedValue(attributes[attribute], values[i]);
    if (typed === undefined) throw paginationInvalid(parameter, 'is not a cursor this API gave out');
    return typed;
  });
}
