import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Model, ModelStatic } from 'sequelize';
import type { KeysetKey } from '../loader/keysetWhere';
import { isCursorShaped, paginationInvalid } from '../query/parsePage';
import { parseCalendarDate } from '../validation/calendarDate';
import { columnType } from '../model/columnType';

/** Which way a token reads from its position. */
export type Direction = 'after' | 'before';

/** What a token holds: its direction and the keys' values. */
export interface Position {
  direction: Direction;
  values: unknown[];
}

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The secret of this process, made when first needed, for an app without `pagination.cursorSecret`:
 * its tokens are good in this process only (not after a restart, nor in another worker of a cluster).
 */
let processSecret: string | undefined;

/** The key tokens are sealed with: derived from the app's secret, else from this process's own. */
function keyOf(secret: string | null): Buffer {
  const material = secret ?? (processSecret ??= randomBytes(32).toString('base64url'));
  return createHash('sha256').update(`routing-controllers-api cursor|${material}`).digest();
}

/**
 * The nonce of a token: a MAC of what it seals (a synthetic IV), so that one position of one list
 * is always the same token (a page keeps its ETag) and two different ones never share a nonce.
 */
function nonceOf(key: Buffer, list: string, plain: string): Buffer {
  return createHmac('sha256', key).update(`${list}\u0000${plain}`).digest().subarray(0, IV_BYTES);
}

/**
 * A position as a token: encrypted and authenticated (AES-256-GCM) under the app's secret, bound to
 * its list. A client can neither read the keys' values (a hidden column's among them) nor make a
 * position the API did not give out.
 *
 * @example
 * const token = seal({ direction: 'after', values: ['2024-01-01T00:00:00.000Z', 7] }, list, config.pagination.cursorSecret);
 */
export function seal(position: Position, list: string, secret: string | null): string {
  const key = keyOf(secret);
  const plain = JSON.stringify([VERSION, position.direction === 'after' ? 1 : -1, ...position.values]);
  const iv = nonceOf(key, list, plain);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(list));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/**
 * A token's position; a 400 for anything that is not a token this API gave out for this list (made
 * up, altered, of another list or order, sealed under another secret).
 */
export function unseal(token: string, list: string, secret: string | null, parameter: string): Position {
  const bytes = isCursorShaped(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw paginationInvalid(parameter, 'is not a cursor this API gave out');
  let parsed: unknown;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(list));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    parsed = JSON.parse(plain.toString('utf8'));
  } catch {
    throw paginationInvalid(parameter, 'belongs to another list or order, or was altered: start again without it');
  }
  if (!Array.isArray(parsed) || parsed.length < 3 || parsed[0] !== VERSION || (parsed[1] !== 1 && parsed[1] !== -1)) {
    throw paginationInvalid(parameter, 'is not a cursor this API gave out');
  }
  return { direction: parsed[1] === 1 ? 'after' : 'before', values: parsed.slice(2) as unknown[] };
}

/** The list a token belongs to: its path, model, order and filter (in its canonical spelling). */
export function listOf(path: string, model: ModelStatic<Model>, keys: readonly KeysetKey[], filter: string): string {
  const list = `${path}|${model.name}|${keys.map((key) => key.join(' ')).join(',')}`;
  return filter === '' ? list : `${list}|${filter}`;
}

/** The form seal() writes dates in; anything else in a date key was not written by this API. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** One key's value as its attribute's type, or undefined when it cannot be one. */
function typedValue(attribute: { type: unknown; autoIncrement?: boolean }, value: unknown): unknown {
  const type = columnType(attribute);
  if (type === 'date' || type === 'dateonly') {
    const date = typeof value === 'string' && (type === 'dateonly' || ISO_INSTANT.test(value)) ? parseCalendarDate(value) : null;
    return date === null ? undefined : type === 'date' ? date : value;
  }
  if (type === 'integer') {
    // A generated key is never below 1.
    return Number.isSafeInteger(value) && (!attribute.autoIncrement || (value as number) >= 1) ? value : undefined;
  }
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  if (type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * A token's values as the attributes' types, each as seal() writes it: a date an ISO instant of a
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
