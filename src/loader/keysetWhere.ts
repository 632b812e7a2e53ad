import { literal, Model, ModelStatic, Op, WhereOptions } from 'sequelize';
import { queryGeneratorOf } from './queryGenerator';

/** One key of a keyset page: an attribute and its direction in the order. */
export type KeysetKey = [attribute: string, direction: 'ASC' | 'DESC'];

/**
 * `(k1, k2, ...) after/before (v1, v2, ...)` in the order's directions, as a Sequelize where: a row
 * value comparison when every key runs the same way (an index range scan on SQLite and PostgreSQL),
 * else the expanded `k1 > v1 OR (k1 = v1 AND k2 > v2) ...`.
 */
export function keysetWhere(model: ModelStatic<Model>, keys: readonly KeysetKey[], values: unknown[], direction: 'after' | 'before'): WhereOptions {
  const sequelize = model.sequelize!;
  if (keys.every(([, order]) => order === keys[0][1])) {
    const generator = queryGeneratorOf(model);
    const attributes = model.getAttributes();
    const column = (attribute: string) => `${generator.quoteIdentifier(model.name)}.${generator.quoteIdentifier(attributes[attribute].field ?? attribute)}`;
    const forward = (keys[0][1] === 'ASC') === (direction === 'after');
    const left = keys.map(([attribute]) => column(attribute)).join(', ');
    const right = values.map((value) => sequelize.escape(value as string)).join(', ');
    return { [Op.and]: [literal(`(${left}) ${forward ? '>' : '<'} (${right})`)] };
  }
  const branches = keys.map((_, i) => {
    const [attribute, order] = keys[i];
    const forward = (order === 'ASC') === (direction === 'after');
    const conditions: Record<string, unknown> = {};
    for (let j = 0; j < i; j++) conditions[keys[j][0]] = values[j];
    conditions[attribute] = { [forward ? Op.gt : Op.lt]: values[i] };
    return conditions;
  });
  return { [Op.or]: branches };
}
