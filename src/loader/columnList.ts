import type { Model, ModelStatic } from 'sequelize';
import { queryGeneratorOf } from './queryGenerator';
import { isStoredAttribute } from '../model/storedAttribute';
import { datesAsText } from './postgresDates';
import { keptStatement } from './statementCache';

type AnyModel = ModelStatic<Model>;

/** The quoted column lists of one hand-written SELECT of a model. */
export interface ColumnList {
  /** An identifier quoted by the model's dialect. */
  quote: (name: string) => string;
  /** An attribute's column, quoted. */
  column: (attribute: string) => string;
  /** The selected columns under their own names (for an inner query). */
  columns: (prefix?: string) => string;
  /**
   * The selected columns under their attribute names, as findAll() reads them: Sequelize renaming
   * `created_at` to `createdAt` in every row (deleting the old key) costs more than the query. On
   * PostgreSQL a DATE column is read as text, which the reader types (`postgresDates.ts`).
   */
  named: (prefix?: string) => string;
  /** ` AND "deleted_at" IS NULL` for a paranoid model, else nothing. */
  paranoid: string;
  /** The table, quoted. */
  table: string;
}

/**
 * The columns of `wanted` attributes of `target` (every column when null), quoted by its dialect;
 * attributes without a column (virtual ones) are left out.
 *
 * @example
 * const { named, table, column } = columnList(Author, ['name']);
 * const sql = `SELECT ${named()} FROM ${table} WHERE ${column('id')} IN (?)`;
 */
export function columnList(target: AnyModel, wanted: string[] | null): ColumnList {
  const attributes = target.getAttributes();
  const generator = queryGeneratorOf(target);
  const quote = (name: string) => generator.quoteIdentifier(name);
  const column = (attribute: string) => quote(attributes[attribute]?.field ?? attribute);
  const fields = [...new Set(wanted ?? Object.keys(attributes))].filter((name) => isStoredAttribute(attributes[name]));
  const asText = datesAsText(target.sequelize!);
  return {
    quote,
    column,
    columns: (prefix = '') => fields.map((name) => `${prefix}${quote(attributes[name].field!)}`).join(', '),
    named: (prefix = '') =>
      fields
        .map((name) => {
          const field = attributes[name].field!;
          if (asText && (attributes[name].type as { key?: string }).key === 'DATE') return `${prefix}${quote(field)}::text AS ${quote(name)}`;
          return field === name ? `${prefix}${quote(name)}` : `${prefix}${quote(field)} AS ${quote(name)}`;
        })
        .join(', '),
    paranoid: target.options.paranoid ? ` AND ${column((target.options.deletedAt as string) ?? 'deletedAt')} IS NULL` : '',
    table: quotedTable(target),
  };
}

/**
 * The table of `target`, quoted by its dialect (found once per model): what a condition on the
 * table itself names.
 *
 * @example
 * quotedTable(Comment); // '"comments"'
 */
export function quotedTable(target: AnyModel): string {
  return keptStatement(target, 'table', () => queryGeneratorOf(target).quoteTable(target.getTableName()));
}
