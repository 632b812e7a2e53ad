import { Model, ModelStatic, Op, WhereOptions } from 'sequelize';
import { policyWhere } from '../loader/policyRows';

/**
 * `where` narrowed to the rows of `model` the current request's principal may see (its policy's
 * `rows`): for the statements an action writes itself (an update, a delete, its own find), so that
 * a row the caller may not see is as missing to them as to the toolkit's reads. `where` itself when
 * the principal may see every row, or outside a request.
 *
 * @example
 * const [count] = await Book.update(values, { where: visibleRows(Book, { id }) });
 * if (count === 0) throw new NotFoundError(`Book ${id} was not found`);
 */
export function visibleRows(model: ModelStatic<Model>, where: WhereOptions): WhereOptions;
export function visibleRows(model: ModelStatic<Model>): WhereOptions | undefined;
export function visibleRows(model: ModelStatic<Model>, where?: WhereOptions): WhereOptions | undefined {
  const visible = policyWhere(model);
  if (!visible) return where;
  return where ? { [Op.and]: [where, visible] } : visible;
}
