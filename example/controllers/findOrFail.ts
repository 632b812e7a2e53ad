import { NotFoundError } from 'routing-controllers';
import type { FindOptions, Model, ModelStatic } from 'sequelize';

/** The row with this primary key, or a 404 naming what was missing. */
export async function findOrFail<M extends Model>(model: ModelStatic<M>, id: number, options: FindOptions = {}): Promise<M> {
  const found = Number.isSafeInteger(id) && id > 0 ? await model.findByPk(id, options) : null;
  if (!found) throw new NotFoundError(`${model.name} ${Number.isSafeInteger(id) ? id : ''} was not found`.replace(/\s+/g, ' '));
  return found;
}
