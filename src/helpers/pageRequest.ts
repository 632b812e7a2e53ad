import type { FindOptions, Model, ModelStatic } from 'sequelize';
import { currentContext, queryString, RequestContext } from '../context/RequestContext';
import { requestQuery } from '../query/RequestQuery';
import { ApiError } from '../errors/ApiError';
import { cursorPage, CursorPaginator, isCursorShaped } from '../pagination/cursor';
import { actionColumns } from './fieldColumns';
import { sortOrder } from './sortOrder';
import { withFilter } from './filterWhere';
import type { PaginatedOptions } from '../metadata/actionMetadata';
import { pageParameters } from '../query/pageParameters';
import type { Paginator } from '../pagination/Paginator';

/** The page a request asks for, and the window to load for it. */
export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
  readonly limit: number;
  readonly offset: number;
  /** On a cursor-paginated route: the position token asked for, or null for the start. */
  readonly cursor?: string | null;
}

const MAX_PAGE = 1_000_000_000;

function positiveInteger(context: RequestContext, name: string, fallback: number, max: number): number {
  const raw = queryString(context, name);
  if (raw === undefined) return fallback;
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= max)) {
    const shown = raw.length > 20 ? `${raw.slice(0, 20)}...` : raw;
    throw new ApiError('RCA_PAGINATION_INVALID', { parameter: `${name}=${shown}`, reason: `must be an integer from 1 to ${max}` });
  }
  return value;
}

/** Reads and validates `page` and `per_page` (in json-api mode `page[number]` and `page[size]`) of a request (400 when invalid). */
export function readPageRequest(context: RequestContext, { perPage = 15, maxPerPage = 100, cursor = false }: PaginatedOptions = {}): PageRequest {
  const names = pageParameters(context.app.config);
  const size = positiveInteger(context, names.size, perPage, maxPerPage);
  if (cursor) {
    const token = queryString(context, names.cursor) || null;
    if (token !== null && !isCursorShaped(token)) {
      throw new ApiError('RCA_PAGINATION_INVALID', { parameter: names.cursor, reason: 'is not a cursor this API gave out' });
    }
    return Object.freeze({ page: 1, perPage: size, limit: size, offset: 0, cursor: token });
  }
  const page = positiveInteger(context, names.page, 1, MAX_PAGE);
  return Object.freeze({ page, perPage: size, limit: size, offset: (page - 1) * size });
}

/**
 * The page the current request asks for: validated before a `@Paginated` action runs, or read
 * with the default sizes elsewhere.
 *
 * @example
 * const { limit, offset } = pageRequest();
 */
export function pageRequest(): PageRequest {
  const context = currentContext('pageRequest()');
  return requestQuery(context).page ?? readPageRequest(context);
}

/**
 * Loads the page a cursor-paginated action (`@Paginated({ cursor: true })`) is asked for: the rows
 * after (or before) the token's position in `options.order` (plain `[attribute, direction]` pairs of
 * non-null attributes; the primary key is added last), with the tokens of the pages around it. A
 * `@Sortable` action's `?sort=` replaces the order (a token of another order is then a 400); a
 * `@Filterable` action's `?filter[...]` narrows the rows (a token of another filter is a 400).
 *
 * @example
 * \@Get('/') \@Transformer(CommentTransformer) \@Paginated({ perPage: 20, cursor: true })
 * index() { return cursorPaginate(Comment, { order: [['createdAt', 'DESC']] }); }
 */
export async function cursorPaginate<M extends Model>(model: ModelStatic<M>, options: Omit<FindOptions, 'limit' | 'offset'> = {}): Promise<CursorPaginator<M>> {
  const context = currentContext('cursorPaginate()');
  const { perPage, cursor = null } = pageRequest();
  const attributes = options.attributes === undefined && options.include === undefined ? actionColumns(context, model) : null;
  const order = sortOrder(model, options.order);
  const where = withFilter(model, options.where);
  const filter = requestQuery(context).filter;
  return cursorPage(context, model, { ...options, ...(attributes ? { attributes } : {}), order, where }, perPage, cursor, filter?.canonical ?? '');
}

/**
 * Loads the requested page of a Sequelize model with its total, ready for `withPagination()`. With a
 * sparse fieldset for the action's transformer (one that declares `columns`), only the columns the
 * asked fields need are selected, keys always; on a `@Sortable` action, `?sort=` replaces `options.order`;
 * on a `@Filterable` action, `?filter[...]` is added to `options.where`.
 *
 * @example
 * \@Get('/') \@Paginated({ perPage: 5 }) \@Transformer(BookTransformer)
 * index() { return paginate(Book, { order: [['createdAt', 'DESC']] }); }
 */
export async function paginate<M extends Model>(model: ModelStatic<M>, options: Omit<FindOptions, 'limit' | 'offset'> = {}): Promise<Paginator<M>> {
  const context = currentContext('paginate()');
  const { page, perPage, limit, offset } = pageRequest();
  // A sparse fieldset narrows the SELECT, unless the action chose its attributes or joins itself.
  const attributes = options.attributes === undefined && options.include === undefined ? actionColumns(context, model) : null;
  const order = sortOrder(model, options.order);
  // DISTINCT only where a join can repeat a row: without `include` the total is a plain count(*).
  const distinct = options.include !== undefined;
  const where = withFilter(model, options.where);
  const { rows, count } = await model.findAndCountAll({ ...options, ...(attributes ? { attributes } : {}), where, order, limit, offset, distinct });
  return { items: rows, total: count, perPage, currentPage: page };
}
