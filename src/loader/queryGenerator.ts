import type { Model, ModelStatic } from 'sequelize';

/** The parts of Sequelize's (untyped) query generator this library quotes identifiers with. */
export interface QueryGenerator {
  quoteTable(table: unknown): string;
  quoteIdentifier(name: string): string;
}

/** The query generator of a model's dialect, for SQL written by hand with the dialect's quoting. */
export function queryGeneratorOf(model: ModelStatic<Model>): QueryGenerator {
  return (model.sequelize!.getQueryInterface() as unknown as { queryGenerator: QueryGenerator }).queryGenerator;
}
