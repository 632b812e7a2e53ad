import { Model, ModelStatic, Op, WhereOptions } from 'sequelize';
import { currentContext } from '../context/RequestContext';
import { requestQuery } from '../query/RequestQuery';
import { compileFilter } from '../loader/compileFilter';

/**
 * The current request's filter as a Sequelize `where` on `model` (undefined when it asks none):
 * for an action that lists with its own query. `paginate()` and `cursorPaginate()` apply it by
 * themselves.
 *
 * @example
 * \@Get('/') \@Transformer(AuthorTransformer) \@Filterable(() => Author, { name: ['contains'] })
 * index() { return Author.findAll({ where: filterWhere(Author), order: [['id', 'ASC']] }); }
 */
export function filterWhere(model: ModelStatic<Model>): WhereOptions | undefined {
  return compileFilter(model, requestQuery(currentContext('filterWhere()')).filter);
}

/** `where` and the request's filter, both holding. */
export function withFilter(model: ModelStatic<Model>, where: WhereOptions | undefined): WhereOptions | undefined {
  const filter = filterWhere(model);
  if (!filter) return where;
  return where ? { [Op.and]: [where, filter] } : filter;
}
