/** What a column's values are, as the toolkit reads, compares and checks them. */
export type ColumnValueType = 'integer' | 'number' | 'boolean' | 'date' | 'dateonly' | 'string';

/** Sequelize's data types by their key (`DataTypes.DOUBLE.key` is `DOUBLE PRECISION`), as value types. */
export const COLUMN_TYPES: Readonly<Record<string, ColumnValueType>> = Object.freeze({
  INTEGER: 'integer',
  BIGINT: 'integer',
  SMALLINT: 'integer',
  TINYINT: 'integer',
  MEDIUMINT: 'integer',
  FLOAT: 'number',
  DOUBLE: 'number',
  'DOUBLE PRECISION': 'number',
  REAL: 'number',
  DECIMAL: 'number',
  NUMBER: 'number',
  BOOLEAN: 'boolean',
  DATE: 'date',
  DATEONLY: 'dateonly',
  STRING: 'string',
  TEXT: 'string',
  CHAR: 'string',
  CITEXT: 'string',
  UUID: 'string',
  ENUM: 'string',
});

/**
 * The value type of an attribute's column, from its Sequelize data type; undefined for a type the
 * toolkit does not read (JSON, BLOB, ranges, arrays).
 *
 * @example
 * columnType(Book.getAttributes().cost); // 'integer'
 */
export function columnType(attribute: { type: unknown } | undefined): ColumnValueType | undefined {
  const key = (attribute?.type as { key?: string } | undefined)?.key;
  return key === undefined ? undefined : COLUMN_TYPES[key];
}
