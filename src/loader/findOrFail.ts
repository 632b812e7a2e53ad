import { NotFoundError } from 'routing-controllers';
import type { FindOptions, Model, ModelStatic } from 'sequelize';

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
 *
 * @example
 * \@Get('/:id') \@Transformer(BookTransformer)
 * show(\@Param('id') id: number) { return findOrFail(Book, id); }
 */
export async function findOrFail<M extends Model>(model: ModelStatic<M>, id: number, options: FindOptions = {}): Promise<M> {
  const found = await model.findByPk(validId(model, id), options);
  if (!found) throw notFound(model, id);
  return found;
}
