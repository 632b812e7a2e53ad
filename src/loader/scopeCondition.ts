import type { Model, ModelStatic } from 'sequelize';

/** The part of Sequelize's (untyped) query generator that writes a `where` as SQL. */
interface WhereWriter {
  getWhereConditions(where: object, tableName: unknown, model: ModelStatic<Model>): string;
}

/**
 * A Sequelize `where` (an association's scope) as SQL on the table under `alias` (quoted already),
 * values escaped by the dialect, attribute names mapped to their columns.
 *
 * @example
 * scopeCondition(Tag, { visible: true }, '"__rca_t"'); // ("__rca_t"."visible" = true)
 */
export function scopeCondition(model: ModelStatic<Model>, where: object, alias: string): string {
  const sequelize = model.sequelize!;
  const writer = (sequelize.getQueryInterface() as unknown as { queryGenerator: WhereWriter }).queryGenerator;
  return `(${writer.getWhereConditions(where, sequelize.literal(alias), model)})`;
}
