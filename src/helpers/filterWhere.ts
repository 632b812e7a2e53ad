import { Model, ModelStatic, Op, WhereOptions } from 'sequelize';
import { currentContext } from '../context/RequestContext';
import { requestQuery } from '../query/RequestQuery';
import { compileFilter } from '../loader/compileFilter';
import { policyWhere } from '../loader/policyRows';

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

/** `where`, the request's filter and the rows the principal may see (its policy), all holding. */
export function withFilter(model: ModelStatic<Model>, where: WhereOptions | undefined): WhereOptions | undefined {
  const all = [where, filterWhere(model), policyWhere(model)].filter((part): part is WhereOptions => part !== undefined);
  return all.length <= 1 ? all[0] : { [Op.and]: all };
}
