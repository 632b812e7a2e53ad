import type { Model, ModelStatic, Order, OrderItem } from 'sequelize';
import { currentContext, RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { fieldAttribute } from '../model/fieldAttribute';
import { actionTransformer } from '../metadata/actionMetadata';
import { requestQuery } from '../query/RequestQuery';
import { parseSort, readSortRequest, SortField, sortableWithout } from '../query/parseSort';
import { snakeCase } from '../text/caseStyles';
import { rulesFor } from '../context/rulesFor';

type AnyModel = ModelStatic<Model>;

/**
 * The attribute of `model` a sort field orders by: the one attribute the transformer's `columns`
 * maps the field to, or the attribute (or column) of that name. A field allowed by `@Sortable`
 * that maps to none is the action's mistake (500).
 */
function sortAttribute(model: AnyModel, field: string, transformer: unknown): string {
  const attribute = fieldAttribute(model, field, transformer);
  if (attribute === undefined) throw new ApiError('RCA_SORT_UNMAPPED', { field, model: model.name });
  return attribute;
}

/** The Sequelize order of a validated sort: its fields, then the primary key for a stable order. */
export function orderOf(context: RequestContext, model: AnyModel, fields: readonly SortField[]): OrderItem[] {
  const transformer = actionTransformer(context);
  const order: OrderItem[] = fields.map(({ field, direction }) => [sortAttribute(model, field, transformer), direction.toUpperCase()]);
  refuseHidden(context, model, order, transformer);
  const keys = new Set(order.map((item) => (item as [string, string])[0]));
  for (const key of model.primaryKeyAttributes) if (!keys.has(key)) order.push([key, 'ASC']);
  return order;
}

/**
 * A sort on an attribute the principal may not read (its policy's `hidden`) is refused exactly as a
 * key `@Sortable` does not list: the request's sort read again without the hidden keys, which throws
 * the same 400 with the same allowed list.
 */
function refuseHidden(context: RequestContext, model: AnyModel, order: OrderItem[], transformer: unknown): void {
  const { hidden } = rulesFor(context, model);
  if (hidden.size === 0 || !order.some((item) => hidden.has((item as [string, string])[0]))) return;
  readSortRequest(context, sortableWithout(context.action?.metadata.sortable ?? [], model, transformer, hidden));
}

/**
 * The order the request's `?sort=` asks for (on a `@Sortable` action), as Sequelize's `order`;
 * `fallback` when the request gives none. `paginate()` applies it by itself.
 *
 * @example
 * \@Get('/') \@Transformer(AuthorTransformer) \@Sortable('name')
 * index() { return Author.findAll({ order: sortOrder(Author, [['id', 'ASC']]) }); }
 */
export function sortOrder(model: AnyModel, fallback?: Order): Order | undefined {
  const context = currentContext('sortOrder()');
  const fields = requestQuery(context).sort;
  if (fields) return orderOf(context, model, fields);
  refuseHiddenFallback(context, model, fallback);
  return fallback;
}

/**
 * The action's own order on an attribute the principal may not read is refused as the client's
 * `sort` on it would be: the rows' order (and a cursor's keys) would tell the hidden values apart.
 */
function refuseHiddenFallback(context: RequestContext, model: AnyModel, fallback: Order | undefined): void {
  const { hidden } = rulesFor(context, model);
  if (hidden.size === 0 || !Array.isArray(fallback)) return;
  for (const item of fallback as unknown[]) {
    const attribute = Array.isArray(item) ? (item as unknown[])[0] : item;
    if (typeof attribute !== 'string' || !hidden.has(attribute)) continue;
    // Throws the 400 of ?sort= on the attribute: its key is never among the usable ones.
    parseSort(snakeCase(attribute), sortableWithout(context.action?.metadata.sortable ?? [], model, actionTransformer(context), hidden));
  }
}
