import type { ApiConfig } from '../config/ApiConfig';
import type { ActionApiMetadata } from '../metadata/actionMetadata';
import type { Transformer } from '../transformer/Transformer';
import { modelSchema } from './modelSchema';
import { dataOf, ResourceSchemas } from './resourceSchemas';
import { JsonSchema, ref } from './schemaTypes';

/** The body of a successful response: the transformer's resource in the serializer's envelope. */
export function successSchema(
  metadata: ActionApiMetadata,
  transformer: Transformer | undefined,
  type: string,
  { config, resources, key }: { config: ApiConfig; resources: ResourceSchemas; key: (name: string) => string },
  item: boolean,
): JsonSchema | null {
  const jsonApi = config.serializer === 'json-api';
  // created() sends a model through the action's transformer; without one, as its plain attributes.
  if (metadata.created && !metadata.transformer) return modelSchema(metadata.created(), key);
  if (!metadata.transformer) return null;
  const resource = resources.resource(transformer, type);
  const kind = metadata.paginated ? 'page' : item || metadata.created ? 'item' : 'collection';
  if (jsonApi) {
    const included = resources.includedTypes(transformer);
    const properties: Record<string, JsonSchema> = {
      jsonapi: { type: 'object', properties: { version: { const: '1.1' } } },
      data: kind === 'item' ? resource : { type: 'array', items: resource },
      meta: { type: 'object' },
      ...(included.length > 0 ? { included: { type: 'array', items: { anyOf: included } } } : {}),
    };
    if (kind === 'page') {
      const block = metadata.paginated?.cursor ? 'cursor' : 'pagination';
      properties.meta = {
        type: 'object',
        properties: { [block]: block === 'cursor' ? cursorMeta((name) => name) : pagination((name) => name) },
        required: [block],
      };
      properties.links = {
        type: 'object',
        properties: Object.fromEntries(['self', 'first', 'last', 'prev', 'next'].map((name) => [name, { type: ['string', 'null'] }])),
      };
    }
    return { type: 'object', properties, required: ['data'], additionalProperties: false };
  }
  if (kind === 'item') return config.serializer === 'data-array' ? dataOf(resource, key) : resource;
  const body = dataOf({ type: 'array', items: resource }, key);
  if (kind === 'page') {
    const block = key(metadata.paginated?.cursor ? 'cursor' : 'pagination');
    const meta = { type: 'object', properties: { [block]: metadata.paginated?.cursor ? cursorMeta(key) : ref('Pagination') }, required: [block] };
    return { ...body, properties: { ...(body.properties as object), [key('meta')]: meta }, required: [key('data'), key('meta')] };
  }
  return body;
}

/** `meta.cursor` of a cursor page: the tokens (null at either end) and the count. */
function cursorMeta(key: (name: string) => string): JsonSchema {
  const token = { type: ['string', 'null'] };
  return {
    type: 'object',
    properties: { [key('current')]: token, [key('previous')]: token, [key('next')]: token, [key('count')]: { type: 'integer', minimum: 0 } },
    required: ['current', 'previous', 'next', 'count'].map(key),
  };
}

/** `meta.pagination`, keys in the configured case. */
export function pagination(key: (name: string) => string): JsonSchema {
  const integer = { type: 'integer', minimum: 0 };
  const names = ['total', 'count', 'per_page', 'current_page', 'total_pages'];
  const links = { type: 'object', properties: { [key('previous')]: { type: 'string' }, [key('next')]: { type: 'string' } } };
  return {
    type: 'object',
    properties: { ...Object.fromEntries(names.map((name) => [key(name), integer])), [key('links')]: links },
    required: [...names.map(key), key('links')],
  };
}
