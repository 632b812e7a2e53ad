import type { FindOptions, Model, ModelStatic } from 'sequelize';
import { currentContext } from '../context/RequestContext';
import { requestQuery } from '../query/RequestQuery';
import { cursorPage, CursorPage } from '../pagination/cursor';
import { PageRequest, readPageRequest } from '../query/parsePage';
import { actionColumns } from './actionColumns';
import { sortOrder } from './sortOrder';
import { withFilter } from './filterWhere';
import type { Page } from '../pagination/Page';
import { readPageAndCount } from '../loader/readPage';
import { readAsFor } from '../loader/readAs';

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
export async function cursorPaginate<M extends Model>(model: ModelStatic<M>, options: Omit<FindOptions, 'limit' | 'offset'> = {}): Promise<CursorPage<M>> {
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
export async function paginate<M extends Model>(model: ModelStatic<M>, options: Omit<FindOptions, 'limit' | 'offset'> = {}): Promise<Page<M>> {
  const context = currentContext('paginate()');
  const { page, perPage, limit, offset } = pageRequest();
  // A sparse fieldset narrows the SELECT, unless the action chose its attributes or joins itself.
  const attributes = options.attributes === undefined && options.include === undefined ? actionColumns(context, model) : null;
  const order = sortOrder(model, options.order);
  // DISTINCT only where a join can repeat a row: without `include` the total is a plain count(*).
  const distinct = options.include !== undefined;
  const where = withFilter(model, options.where);
  const find = { ...options, ...(attributes ? { attributes } : {}), where, order, limit, offset, distinct };
  // The toolkit's own statement where it writes the options; Sequelize's findAndCountAll for the rest.
  const { rows, count } = (await readPageAndCount(model, find, readAsFor(context))) ?? (await model.findAndCountAll(find));
  return { items: rows, total: count, perPage, currentPage: page };
}
