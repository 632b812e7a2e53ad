import type { Model, ModelStatic } from 'sequelize';
import type { JsonSchema } from './schemaTypes';

/** JSON types of Sequelize's data types, by their key; anything else is left open. */
const TYPES: Record<string, JsonSchema> = {
  STRING: { type: 'string' },
  TEXT: { type: 'string' },
  CHAR: { type: 'string' },
  CITEXT: { type: 'string' },
  UUID: { type: 'string', format: 'uuid' },
  ENUM: { type: 'string' },
  INTEGER: { type: 'integer' },
  SMALLINT: { type: 'integer' },
  MEDIUMINT: { type: 'integer' },
  TINYINT: { type: 'integer' },
  FLOAT: { type: 'number' },
  DOUBLE: { type: 'number' },
  'DOUBLE PRECISION': { type: 'number' },
  REAL: { type: 'number' },
  BOOLEAN: { type: 'boolean' },
  DATE: { type: 'string', format: 'date-time' },
  DATEONLY: { type: 'string', format: 'date' },
};

/**
 * The JSON Schema of a model's plain attributes as a response sends them (`created()` of a model):
 * one property per attribute, keys in the configured case, dates as ISO strings, nullable columns
 * nullable and not required (a new record omits those it was not given). For documenting
 * responses that are not transformed.
 *
 * @example
 * modelSchema(Book, snakeCase); // { type: 'object', properties: { id: { type: 'integer' }, author_id: ... } }
 */
export function modelSchema(model: ModelStatic<Model>, key: (name: string) => string = (name) => name): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, attribute] of Object.entries(model.getAttributes())) {
    const typeKey = (attribute.type as { key?: string } | undefined)?.key ?? '';
    const base = TYPES[typeKey] ?? {};
    const nullable = attribute.allowNull !== false && !attribute.primaryKey && base.type !== undefined;
    properties[key(name)] = nullable ? { ...base, type: [base.type, 'null'] } : base;
    // A record just created carries the columns it was given and those with a value of their own.
    if (!nullable || attribute.defaultValue !== undefined) required.push(key(name));
  }
  return { type: 'object', properties, required };
}
