import { NotFoundError } from 'routing-controllers';
import type { FindOptions, Model, ModelStatic } from 'sequelize';

const notFound = (model: ModelStatic<Model>, id: number) =>
  new NotFoundError(`${model.name} ${Number.isSafeInteger(id) ? id : ''} was not found`.replace(/\s+/g, ' '));

/** The id when it can be a primary key at all; a 404 naming the model otherwise. */
export function validId(model: ModelStatic<Model>, id: number): number {
  if (Number.isSafeInteger(id) && id > 0) return id;
  throw notFound(model, id);
}

/** The row with this primary key, or a 404 naming what was missing. */
export async function findOrFail<M extends Model>(model: ModelStatic<M>, id: number, options: FindOptions = {}): Promise<M> {
  const found = await model.findByPk(validId(model, id), options);
  if (!found) throw notFound(model, id);
  return found;
}
