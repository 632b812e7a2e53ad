import { Model, ModelStatic, Op, WhereOptions } from 'sequelize';
import { currentContext } from '../context/RequestContext';
import { requestQuery } from '../query/RequestQuery';
import { compileFilter } from '../loader/compileFilter';
import { policyWhere } from '../loader/policyRows';

/**
 * The current request's filter as a Sequelize `where` on `model`, with the rows its principal may
 * see (its policy's `rows`); undefined when there is neither: for an action that lists with its own
 * query. `paginate()` and `cursorPaginate()` apply it by themselves.
 *
 * @example
 * \@Get('/') \@Transformer(AuthorTransformer) \@Filterable(() => Author, { name: ['contains'] })
 * index() { return Author.findAll({ where: filterWhere(Author), order: [['id', 'ASC']] }); }
 */
export function filterWhere(model: ModelStatic<Model>): WhereOptions | undefined {
  return bothHolding(compileFilter(model, requestQuery(currentContext('filterWhere()')).filter), policyWhere(model));
}

/** `where`, the request's filter and the rows the principal may see (its policy), all holding. */
export function withFilter(model: ModelStatic<Model>, where: WhereOptions | undefined): WhereOptions | undefined {
  return bothHolding(where, filterWhere(model));
}

function bothHolding(first: WhereOptions | undefined, second: WhereOptions | undefined): WhereOptions | undefined {
  if (!first || !second) return first ?? second;
  return { [Op.and]: [first, second] };
}
