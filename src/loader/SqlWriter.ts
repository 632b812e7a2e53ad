import type { Model, ModelStatic } from 'sequelize';
import { dialectOf } from './dialects/dialectOf';
import type { SqlDialect } from './dialects/SqlDialect';
import { queryGeneratorOf } from './queryGenerator';

type AnyModel = ModelStatic<Model>;

/** Writes SQL for one listed model: quoting, escaping, and fresh aliases for the subqueries. */
export class SqlWriter {
  private aliases = 0;
  /** What differs between databases in the SQL written here. */
  readonly dialect: SqlDialect;

  constructor(readonly model: AnyModel) {
    this.dialect = dialectOf(model);
  }

  quote(name: string): string {
    return queryGeneratorOf(this.model).quoteIdentifier(name);
  }

  /** `alias.column` of an attribute of `model`. */
  column(model: AnyModel, alias: string, attribute: string): string {
    return `${alias}.${this.quote(model.getAttributes()[attribute]?.field ?? attribute)}`;
  }

  escape(value: unknown): string {
    return this.model.sequelize!.escape(value as string);
  }

  table(model: AnyModel): string {
    return queryGeneratorOf(model).quoteTable(model.getTableName());
  }

  nextAlias(): string {
    return this.quote(`__rca_f${++this.aliases}`);
  }
}
