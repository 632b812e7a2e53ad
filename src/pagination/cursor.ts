import { Model, ModelStatic, Op, OrderItem, WhereOptions } from 'sequelize';
import type { RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { KeysetKey, keysetWhere } from '../loader/keysetWhere';
import { pageParameters } from '../query/pageParameters';
import { Direction, listOf, seal, typedValues, unseal } from './cursorToken';
import { paginationInvalid } from '../query/parsePage';
import { readRows } from '../loader/readPage';
import { readAsFor } from '../loader/readAs';

/**
 * A page found by position rather than number: no total, and the same cost however deep it is
 * (`@Paginated({ cursor: true })`; Fractal's Cursor, Laravel's `cursorPaginate`).
 *
 * @example
 * const page: CursorPage<Comment> = { items, perPage: 20, cursor: { current: null, previous: null, next: 'WzEs...' } };
 */
export interface CursorPage<T = unknown> {
  readonly items: readonly T[];
  readonly perPage: number;
  /** Opaque tokens: the position asked for, and those of the pages before and after (null at either end). */
  readonly cursor: { readonly current: string | null; readonly previous: string | null; readonly next: string | null };
}

/**
 * The name of earlier releases for {@link CursorPage}.
 *
 * @deprecated A page is a `CursorPage`: `CursorPaginator` goes in the next major release.
 * @example
 * const page: CursorPaginator<Comment> = await cursorPaginate(Comment);
 */
export type CursorPaginator<T = unknown> = CursorPage<T>;

/** True for a cursor page (it has no total). */
export function isCursorPage(value: unknown): value is CursorPage {
  return typeof value === 'object' && value !== null && Array.isArray((value as CursorPage).items) && 'cursor' in value && !('total' in value);
}

/** The keyset of an order: plain `[attribute, direction]` pairs, the primary key last (a 500 for anything else). */
function keysOf(model: ModelStatic<Model>, order: unknown): KeysetKey[] {
  const items = Array.isArray(order) ? (order as unknown[]) : [];
  const attributes = model.getAttributes();
  const keys = items.map((item): KeysetKey => {
    const [attribute, direction = 'ASC'] = (Array.isArray(item) ? item : [item]) as [unknown, unknown];
    const upper = typeof direction === 'string' ? direction.toUpperCase() : '';
    if (typeof attribute !== 'string' || !(attribute in attributes) || (upper !== 'ASC' && upper !== 'DESC')) {
      throw new ApiError('RCA_CURSOR_ORDER_INVALID', { model: model.name, reason: `${String(attribute)} ${String(direction)} is not one` });
    }
    return [attribute, upper];
  });
  for (const pk of model.primaryKeyAttributes) if (!keys.some(([attribute]) => attribute === pk)) keys.push([pk, keys.at(-1)?.[1] ?? 'ASC']);
  return keys;
}

function valueOf(row: Model, attribute: string): unknown {
  const value = row.get(attribute);
  if (value === null || value === undefined) {
    throw new ApiError('RCA_CURSOR_KEY_NULL', { model: row.constructor.name, attribute });
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
): Promise<CursorPage<M>> {
  const parameter = pageParameters(context.app.config).cursor;
  const keys = keysOf(model, options.order);
  const list = listOf(context.path, model, keys, filter);
  const secret = context.app.config.pagination.cursorSecret;
  const position = token ? unseal(token, list, secret, parameter) : null;
  if (position && position.values.length !== keys.length) throw paginationInvalid(parameter, 'is not a cursor this API gave out');
  const backwards = position?.direction === 'before';
  const order: OrderItem[] = keys.map(([attribute, direction]) => [attribute, backwards ? (direction === 'ASC' ? 'DESC' : 'ASC') : direction]);
  const keyset = position ? keysetWhere(model, keys, typedValues(model, keys, position.values, parameter), position.direction) : null;
  const where = keyset ? (options.where ? { [Op.and]: [options.where, keyset] } : keyset) : options.where;
  // The keys name the next position: a sparse fieldset's narrowed SELECT keeps them.
  const attributes = Array.isArray(options.attributes)
    ? [...new Set([...(options.attributes as string[]), ...keys.map(([attribute]) => attribute)])]
    : options.attributes;
  const find = { ...options, ...(attributes ? { attributes } : {}), where, order, limit: perPage + 1 };
  const rows = (await readRows(model, find, readAsFor(context))) ?? (await model.findAll(find as never));
  const more = rows.length > perPage;
  const items = rows.slice(0, perPage);
  if (backwards) items.reverse();
  const at = (row: M | undefined, direction: Direction) => {
    if (!row) return null;
    const values = keys.map(([attribute]) => valueOf(row as unknown as Model, attribute));
    return seal({ direction, values }, list, secret);
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
