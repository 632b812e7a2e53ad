import { JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import { snakeCase } from '../text/caseStyles';
import { IncludeShape, includeShapes } from '../transformer/includeShapes';
import type { Transformer } from '../transformer/Transformer';
import { JsonSchema, openRequestObject } from './schemaTypes';

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
  const fields = resolved(request, requestSchemas);
  const attributes = withoutFields(
    fields,
    relationships.map((shape) => `${snakeCase(shape.name)}_id`),
  );
  const linked = relationshipsOf(transformer && relationships, fields, update);
  const properties: Record<string, JsonSchema> = {
    type: type ? { const: type } : { type: 'string' },
    attributes,
    relationships: linked,
  };
  const data: JsonSchema = { type: 'object', properties, required: ['type'] };
  if (update) {
    properties.id = { type: 'string', pattern: WHOLE_NUMBER };
    data.required = ['type', 'id'];
  } else {
    data.not = { required: ['id'] };
    // A create needs what the request class requires: its attributes, and the relationships its *_id fields stand for.
    if (((attributes.required as string[] | undefined) ?? []).length > 0) (data.required as string[]).push('attributes');
    if (((linked.required as string[] | undefined) ?? []).length > 0) (data.required as string[]).push('relationships');
  }
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

/** A key as a URL or a JSON:API document writes an integer one: a whole number, as a string. */
const WHOLE_NUMBER = '^[1-9]\\d{0,14}$';

/**
 * The to-one relationships a request document may set: the transformer's item includes, each of its
 * type, as the request class's `<name>_id` field says: required on a create when the field is, null
 * only when the field may be null, an id of digits when the field is an integer.
 */
function relationshipsOf(shapes: IncludeShape[] | undefined, request: JsonSchema, update: boolean): JsonSchema {
  if (!shapes) return { type: 'object' };
  const fieldSchemas = (request.properties ?? {}) as Record<string, JsonSchema>;
  const requiredFields = (request.required as string[] | undefined) ?? [];
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const shape of shapes) {
    const field = `${snakeCase(shape.name)}_id`;
    const fieldSchema = fieldSchemas[field];
    const id = mentions(fieldSchema, 'integer') ? { type: 'string', pattern: WHOLE_NUMBER } : { type: 'string', minLength: 1 };
    const identifier = {
      type: 'object',
      properties: { type: { const: shape.type }, id, meta: openRequestObject() },
      required: ['type', 'id'],
      additionalProperties: false,
    };
    const data = fieldSchema === undefined || mentions(fieldSchema, 'null') ? { anyOf: [identifier, { type: 'null' }] } : identifier;
    properties[shape.name] = { type: 'object', properties: { data }, required: ['data'] };
    if (!update && requiredFields.includes(field)) required.push(shape.name);
  }
  return { type: 'object', properties, additionalProperties: false, ...(required.length > 0 ? { required } : {}) };
}

/** True when a field's schema allows the JSON type `type` (`type: 'integer'`, `type: ['string', 'null']`, in an anyOf too). */
function mentions(schema: JsonSchema | undefined, type: string): boolean {
  if (!schema) return false;
  const own = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  if (own.includes(type) || (type === 'integer' && own.includes('number'))) return true;
  return ((schema.anyOf as JsonSchema[] | undefined) ?? []).some((option) => mentions(option, type));
}

/**
 * The answers an action documents itself (`@OpenAPI({ responses })`), as the configured serializer
 * sends them. An action may document both media types (its body differs by mode): array mode keeps
 * the `application/json` one, json-api mode the JSON:API one. Given JSON alone, json-api mode
 * describes the document json() makes of it (payloadDocument()): a document as it is, any other
 * payload as its `meta`.
 */
export function documentedPayloads(operation: { responses: Record<string, unknown> }, jsonApi: boolean): void {
  for (const response of Object.values(operation.responses)) {
    const content = (response as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content;
    const payload = content?.['application/json'];
    if (!content || payload?.schema === undefined) continue;
    if (!jsonApi) {
      delete content[JSON_API_MEDIA_TYPE];
      continue;
    }
    delete content['application/json'];
    content[JSON_API_MEDIA_TYPE] ??= {
      schema: isDocument(payload.schema) ? payload.schema : { type: 'object', required: ['meta'], properties: { meta: payload.schema } },
    };
  }
}

/** A schema of a JSON:API document: it requires `data`, `errors` or `meta` at the top. */
function isDocument(schema: JsonSchema): boolean {
  const required = (schema.required as string[] | undefined) ?? [];
  return ['data', 'errors', 'meta'].some((member) => required.includes(member));
}
