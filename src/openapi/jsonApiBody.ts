import { JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import { snakeCase } from '../caseStyles';
import { IncludeShape, includeShapes } from '../transformer/includeShapes';
import type { Transformer } from '../transformer/Transformer';
import type { JsonSchema } from './schemaTypes';

/**
 * The JSON:API request document as the server checks it: `data.type` the action's type, `data.id`
 * required on an update of `/{id}` and refused on a create (403), to-one relationships by the types
 * their includes give (a resource identifier or null), the attributes as the request class says.
 */
export function addJsonApiBody(
  operation: Record<string, unknown>,
  { type, transformer, update, requestSchemas }: { type?: string; transformer?: Transformer; update: boolean; requestSchemas: Record<string, JsonSchema> },
): void {
  const body = operation.requestBody as { content: Record<string, { schema?: JsonSchema; example?: unknown }> };
  const relationships = transformer ? includeShapes(transformer).filter((shape) => shape.kind === 'item') : [];
  const request = Object.values(body.content)[0]?.schema ?? { type: 'object' };
  const attributes = withoutFields(
    resolved(request, requestSchemas),
    relationships.map((shape) => `${snakeCase(shape.name)}_id`),
  );
  const properties: Record<string, JsonSchema> = {
    type: type ? { const: type } : { type: 'string' },
    attributes,
    relationships: relationshipsOf(transformer && relationships),
  };
  const data: JsonSchema = { type: 'object', properties, required: ['type'] };
  if (update) {
    properties.id = { type: 'string' };
    data.required = ['type', 'id'];
  } else data.not = { required: ['id'] };
  const schema = { type: 'object', properties: { data }, required: ['data'] };
  const example = documentExample(Object.values(body.content)[0]?.example, type, relationships, update);
  body.content[JSON_API_MEDIA_TYPE] = example === undefined ? { schema } : { schema, example };
}

/** The JSON:API document of a flat body example: `author_id: 1` becomes the relationship `author`. */
function documentExample(flat: unknown, type: string | undefined, relationships: IncludeShape[], update: boolean): unknown {
  if (!type || flat === null || typeof flat !== 'object') return undefined;
  const attributes: Record<string, unknown> = { ...(flat as Record<string, unknown>) };
  const linked: Record<string, unknown> = {};
  for (const shape of relationships) {
    const field = `${snakeCase(shape.name)}_id`;
    const id = attributes[field];
    if (id !== null && typeof id !== 'number' && typeof id !== 'string') continue;
    linked[shape.name] = { data: id === null ? null : { type: shape.type, id: String(id) } };
    delete attributes[field];
  }
  return { data: { type, ...(update ? { id: '1' } : {}), attributes, relationships: linked } };
}

/** A request class's schema itself, for a reference to one. */
function resolved(schema: JsonSchema, requestSchemas: Record<string, JsonSchema>): JsonSchema {
  const name = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop()! : undefined;
  return (name && requestSchemas[name]) || schema;
}

/** The attributes less the fields a relationship sets (`author` sets `author_id`): they are not sent as attributes. */
function withoutFields(schema: JsonSchema, fields: string[]): JsonSchema {
  if (fields.length === 0 || typeof schema.properties !== 'object') return schema;
  const properties = Object.fromEntries(Object.entries(schema.properties as object).filter(([name]) => !fields.includes(name)));
  const required = Array.isArray(schema.required) ? (schema.required as string[]).filter((name) => !fields.includes(name)) : undefined;
  return { ...schema, properties, ...(required ? { required } : {}) };
}

/** The to-one relationships a request document may set: the transformer's item includes, each of its type. */
function relationshipsOf(shapes: IncludeShape[] | undefined): JsonSchema {
  if (!shapes) return { type: 'object' };
  const properties: Record<string, JsonSchema> = {};
  for (const shape of shapes) {
    const identifier = { type: 'object', properties: { type: { const: shape.type }, id: { type: 'string' } }, required: ['type', 'id'] };
    properties[shape.name] = { type: 'object', properties: { data: { anyOf: [identifier, { type: 'null' }] } }, required: ['data'] };
  }
  return { type: 'object', properties, additionalProperties: false };
}
