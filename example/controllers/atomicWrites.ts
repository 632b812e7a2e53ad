import { NotFoundError } from 'routing-controllers';
import { literal, type Model, type ModelStatic } from 'sequelize';
import { ApiError, visibleRows } from '../../src';

/** The row to write, and the version it must still have when the client's write is conditional. */
export interface RowTarget {
  id: number;
  /** Set when `If-Match` was checked: the write applies only while the row is still this version. */
  version?: number;
}

/** The target row, if the caller may see it (its policy's rows). */
const where = (model: ModelStatic<Model>, { id, version }: RowTarget) => visibleRows(model, version === undefined ? { id } : { id, version });

/** No row affected: gone (404), or changed since the `If-Match` check (412). */
function missed(model: ModelStatic<Model>, target: RowTarget): Error {
  if (target.version !== undefined) return new ApiError('RCA_PRECONDITION_FAILED');
  return new NotFoundError(`${model.name} ${target.id} was not found`);
}

/**
 * One `UPDATE` that writes every field the client sent and raises the version, so that two
 * concurrent writes can never mix into a row neither sent; the affected-row count decides 404/412.
 */
export async function updateRow(model: ModelStatic<Model>, target: RowTarget, attributes: Record<string, unknown>): Promise<void> {
  const [count] = await model.update({ ...attributes, version: literal('version + 1') }, { where: where(model, target) });
  if (count === 0) throw missed(model, target);
}

/** One `DELETE`: of ten concurrent ones, exactly one affects the row; the others answer 404. */
export async function deleteRow(model: ModelStatic<Model>, target: RowTarget): Promise<void> {
  const count = await model.destroy({ where: where(model, target) });
  if (count === 0) throw missed(model, target);
}
