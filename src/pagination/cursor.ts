import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { literal, Model, ModelStatic, Op, OrderItem, WhereOptions } from 'sequelize';
import type { RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { queryGeneratorOf } from '../loader/queryGenerator';
import { parseCalendarDate } from '../validation/calendarDate';
import { pageParameters } from '../query/pageParameters';

/**
 * A page found by position rather than number: no total, and the same cost however deep it is
 * (`@Paginated({ cursor: true })`; Fractal's Cursor, Laravel's `cursorPaginate`).
 *
 * @example
 * const page: CursorPaginator<Comment> = { items, perPage: 20, cursor: { current: null, previous: null, next: 'WzEs...' } };
 */
export interface CursorPaginator<T = unknown> {
  readonly items: readonly T[];
  readonly perPage: number;
  /** Opaque tokens: the position asked for, and those of the pages before and after (null at either end). */
  readonly cursor: { readonly current: string | null; readonly previous: string | null; readonly next: string | null };
}

/** True for a cursor page (it has no total). */
export function isCursorPaginator(value: unknown): value is CursorPaginator {
  return typeof value === 'object' && value !== null && Array.isArray((value as CursorPaginator).items) && 'cursor' in value && !('total' in value);
}

type Direction = 'after' | 'before';

interface Position {
  direction: Direction;
  fingerprint: string;
  values: unknown[];
}

const VERSION = 1;
/** The longest token accepted before any decoding. */
const MAX_CURSOR_LENGTH = 1024;

/** True for text shaped like a token this API writes (base64url, bounded): checked before the action runs and before decoding. */
export function isCursorShaped(token: string): boolean {
  return token.length <= MAX_CURSOR_LENGTH && /^[A-Za-z0-9_-]+$/.test(token);
}

function invalid(parameter: string, reason: string): ApiError {
  return new ApiError('RCA_PAGINATION_INVALID', { parameter, reason });
}

function encode(position: Position): string {
  return Buffer.from(JSON.stringify([VERSION, position.direction === 'after' ? 1 : -1, position.fingerprint, ...position.values])).toString('base64url');
}

/** A token's position, or a 400 for anything that is not one this server wrote. */
function decode(token: string, parameter: string): Position {
  let parsed: unknown;
  try {
    if (!isCursorShaped(token)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalid(parameter, 'is not a cursor this API gave out');
  }
  if (!Array.isArray(parsed) || parsed.length < 4 || parsed[0] !== VERSION || (parsed[1] !== 1 && parsed[1] !== -1) || typeof parsed[2] !== 'string') {
    throw invalid(parameter, 'is not a cursor this API gave out');
  }
  return { direction: parsed[1] === 1 ? 'after' : 'before', fingerprint: parsed[2], values: parsed.slice(3) as unknown[] };
}

type Key = [attribute: string, direction: 'ASC' | 'DESC'];

/** The keyset of an order: plain `[attribute, direction]` pairs, the primary key last (a 500 for anything else). */
function keysOf(model: ModelStatic<Model>, order: unknown): Key[] {
  const items = Array.isArray(order) ? (order as unknown[]) : [];
  const attributes = model.getAttributes();
  const keys = items.map((item): Key => {
    const [attribute, direction = 'ASC'] = (Array.isArray(item) ? item : [item]) as [unknown, unknown];
    const upper = typeof direction === 'string' ? direction.toUpperCase() : '';
    if (typeof attribute !== 'string' || !(attribute in attributes) || (upper !== 'ASC' && upper !== 'DESC')) {
      throw new ApiError('RCA_CONFIG_INVALID', { key: 'paginate() order', reason: 'cursor pagination orders by [attribute, ASC|DESC] pairs of the model' });
    }
    return [attribute, upper];
  });
  for (const pk of model.primaryKeyAttributes) if (!keys.some(([attribute]) => attribute === pk)) keys.push([pk, keys.at(-1)?.[1] ?? 'ASC']);
  return keys;
}

/**
 * Ties a token to one list: the route's path (`/v1/posts/5/comments` is not `/v1/posts/6/comments`),
 * the model and its order. A token of another list is refused rather than misread. With
 * `pagination.cursorSecret` it is an HMAC of the list and of the position itself, so that a
 * position the API did not give out (invented or edited) is refused too.
 */
function fingerprintOf(list: string, secret: string | null, position: Pick<Position, 'direction' | 'values'>): string {
  if (secret === null) return createHash('sha256').update(list).digest('base64url').slice(0, 10);
  return createHmac('sha256', secret)
    .update(`${list}|${position.direction}|${JSON.stringify(position.values)}`)
    .digest('base64url')
    .slice(0, 22);
}

/** The list a token belongs to: its path, model, order and filter (in its canonical spelling). */
function listOf(path: string, model: ModelStatic<Model>, keys: Key[], filter: string): string {
  const list = `${path}|${model.name}|${keys.map((key) => key.join(' ')).join(',')}`;
  return filter === '' ? list : `${list}|${filter}`;
}

/** Compares fingerprints in constant time (a signature must not be guessable byte by byte). */
function sameFingerprint(given: string, expected: string): boolean {
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
function typedValues(model: ModelStatic<Model>, keys: Key[], values: unknown[], parameter: string): unknown[] {
  const attributes = model.getAttributes();
  return keys.map(([attribute], i) => {
    const typed = typedValue(attributes[attribute], values[i]);
    if (typed === undefined) throw invalid(parameter, 'is not a cursor this API gave out');
    return typed;
  });
}

/**
 * `(k1, k2, ...) after/before (v1, v2, ...)` in the order's directions, as a Sequelize where: a row
 * value comparison when every key runs the same way (an index range scan on SQLite and PostgreSQL),
 * else the expanded `k1 > v1 OR (k1 = v1 AND k2 > v2) ...`.
 */
function keysetWhere(model: ModelStatic<Model>, keys: Key[], values: unknown[], direction: Direction): WhereOptions {
  const sequelize = model.sequelize!;
  if (keys.every(([, order]) => order === keys[0][1])) {
    const generator = queryGeneratorOf(model);
    const attributes = model.getAttributes();
    const column = (attribute: string) => `${generator.quoteIdentifier(model.name)}.${generator.quoteIdentifier(attributes[attribute].field ?? attribute)}`;
    const forward = (keys[0][1] === 'ASC') === (direction === 'after');
    const left = keys.map(([attribute]) => column(attribute)).join(', ');
    const right = values.map((value) => sequelize.escape(value as string)).join(', ');
    return { [Op.and]: [literal(`(${left}) ${forward ? '>' : '<'} (${right})`)] };
  }
  const branches = keys.map((_, i) => {
    const [attribute, order] = keys[i];
    const forward = (order === 'ASC') === (direction === 'after');
    const conditions: Record<string, unknown> = {};
    for (let j = 0; j < i; j++) conditions[keys[j][0]] = values[j];
    conditions[attribute] = { [forward ? Op.gt : Op.lt]: values[i] };
    return conditions;
  });
  return { [Op.or]: branches };
}

function valueOf(row: Model, attribute: string): unknown {
  const value = row.get(attribute);
  if (value === null || value === undefined) {
    throw new ApiError('RCA_CONFIG_INVALID', { key: 'paginate() order', reason: `cursor pagination needs non-null keys; ${attribute} is null` });
  }
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Loads one page by position: `perPage + 1` rows after (or before) the cursor's keys in the
 * order's direction, so that the query walks an index from there and stops, however deep the
 * position is. No count.
 */
export async function cursorPage<M extends Model>(
  context: RequestContext,
  model: ModelStatic<M>,
  options: { where?: WhereOptions; order?: unknown; [option: string]: unknown },
  perPage: number,
  token: string | null,
  filter = '',
): Promise<CursorPaginator<M>> {
  const parameter = pageParameters(context.app.config).cursor;
  const keys = keysOf(model, options.order);
  const list = listOf(context.path, model, keys, filter);
  const secret = context.app.config.pagination.cursorSecret;
  const position = token ? decode(token, parameter) : null;
  if (position && (position.values.length !== keys.length || !sameFingerprint(position.fingerprint, fingerprintOf(list, secret, position)))) {
    throw invalid(parameter, 'belongs to another list or order, or was altered: start again without it');
  }
  const backwards = position?.direction === 'before';
  const order: OrderItem[] = keys.map(([attribute, direction]) => [attribute, backwards ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction]);
  const keyset = position ? keysetWhere(model, keys, typedValues(model, keys, position.values, parameter), position.direction) : null;
  const where = keyset ? (options.where ? { [Op.and]: [options.where, keyset] } : keyset) : options.where;
  // The keys name the next position: a sparse fieldset's narrowed SELECT keeps them.
  const attributes = Array.isArray(options.attributes)
    ? [...new Set([...(options.attributes as string[]), ...keys.map(([attribute]) => attribute)])]
    : options.attributes;
  const rows = await model.findAll({ ...options, ...(attributes ? { attributes } : {}), where, order, limit: perPage + 1 } as never);
  const more = rows.length > perPage;
  const items = rows.slice(0, perPage);
  if (backwards) items.reverse();
  const at = (row: M | undefined, direction: Direction) => {
    if (!row) return null;
    const values = keys.map(([attribute]) => valueOf(row as unknown as Model, attribute));
    return encode({ direction, values, fingerprint: fingerprintOf(list, secret, { direction, values }) });
  };
  const first = items[0];
  const last = items[items.length - 1];
  return {
    items,
    perPage,
    cursor: {
      current: token,
      // Coming back (before), the page after exists; going forward, the page before does unless this is the start.
      previous: (backwards ? more : position !== null) ? at(first, 'before') : null,
      next: (backwards ? true : more) ? at(last, 'after') : null,
    },
  };
}
