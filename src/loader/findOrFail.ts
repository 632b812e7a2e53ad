import { NotFoundError } from 'routing-controllers';
import { FindOptions, Model, ModelStatic, Op } from 'sequelize';
import { requestStorage } from '../context/RequestContext';
import { readAsFor } from './readAs';
import { findByKeys } from './selectModels';
import { policySql, policyWhere } from './policyRows';

const notFound = (model: ModelStatic<Model>, id: number) =>
  new NotFoundError(`${model.name} ${Number.isSafeInteger(id) ? id : ''} was not found`.replace(/\s+/g, ' '));

/**
 * The id when it can be a primary key at all (a positive safe integer); a 404 naming the model otherwise.
 *
 * @example
 * await Book.destroy({ where: { id: validId(Book, id) } });
 */
export function validId(model: ModelStatic<Model>, id: number): number {
  if (Number.isSafeInteger(id) && id > 0) return id;
  throw notFound(model, id);
}

/**
 * The row with this primary key, or a 404 naming the model and the id (`Book 7 was not found`).
 * On a GET or HEAD, called without options, it is read as the action's transformer wants it
 * (`readAs`: a `ModelRow` unless the transformer declares `instances` or the model needs them); on
 * any other method, and with options, it is a model instance from `findByPk()`.
 *
 * @example
 * \@Get('/:id') \@Transformer(BookTransformer)
 * show(\@Param('id') id: number) { return findOrFail(Book, id); }
 */
export async function findOrFail<M extends Model>(model: ModelStatic<M>, id: number, options: FindOptions = {}): Promise<M> {
  const key = validId(model, id);
  const context = requestStorage.getStore();
  const reading = context !== undefined && (context.method === 'GET' || context.method === 'HEAD') && Object.keys(options).length === 0;
  const as = reading ? readAsFor(context) : 'instances';
  // A row the principal may not see is not found: the same 404 as a row that does not exist.
  const visible = policyWhere(model);
  const found =
    as === 'rows'
      ? (await findByKeys(model, model.primaryKeyAttribute, [key], null, policySql(model), as))[0]
      : visible
        ? await model.findOne({ ...options, where: { [Op.and]: [{ [model.primaryKeyAttribute]: key }, visible] } })
        : await model.findByPk(key, options);
  if (!found) throw notFound(model, id);
  return found;
}
