import type { ApiConfig } from '../config/ApiConfig';
import { isPlainObject } from '../config/deepMerge';
import type { JsonSchema } from './schemaTypes';

/** The error body as the configured `errorFormat` fills it (or JSON:API's error objects). */
export function errorSchema(config: ApiConfig): JsonSchema {
  if (config.serializer === 'json-api') {
    const error = {
      type: 'object',
      properties: {
        status: { type: 'string' },
        title: { type: 'string' },
        detail: { type: 'string' },
        code: { type: 'string' },
        source: { type: 'object', properties: { pointer: { type: 'string' }, parameter: { type: 'string' } } },
        meta: { type: 'object' },
      },
      required: ['status', 'title'],
    };
    return { type: 'object', properties: { errors: { type: 'array', items: error, minItems: 1 } }, required: ['errors'] };
  }
  const schema = templateSchema(config.errorFormat);
  return { ...schema, properties: { ...(schema.properties as object), debug: { type: 'object' } } };
}

/** `:code` an integer, `:message` a string or a map of messages per field, anything else as given. */
function templateSchema(format: unknown): JsonSchema {
  if (format === ':code') return { type: 'integer' };
  if (format === ':message') return { anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }] };
  if (!isPlainObject(format)) return { const: format };
  const properties = Object.fromEntries(Object.entries(format).map(([key, value]) => [key, templateSchema(value)]));
  return { type: 'object', properties, required: Object.keys(properties) };
}

/** The error statuses an action can answer, from what it reads. */
export function errorStatuses(config: ApiConfig, options: { hasPathParams: boolean; hasBody: boolean; readsQuery: boolean; conditional?: boolean }): number[] {
  // 503: a database that is busy, locked, read-only or out of connections, on any route.
  const statuses = new Set<number>([500, 503]);
  if (options.readsQuery || options.hasBody || options.hasPathParams) statuses.add(400);
  if (options.hasPathParams) statuses.add(404);
  if (options.hasBody) [408, 413, 415, 422].forEach((status) => statuses.add(status));
  // A write with If-Match: 412 when the tag is stale or the item is gone.
  if (options.conditional) statuses.add(412);
  if (config.serializer === 'json-api') [400, 406].forEach((status) => statuses.add(status));
  // A JSON:API request document of another type or id (409), or with a client-generated id (403).
  if (config.serializer === 'json-api' && options.hasBody) [403, 409].forEach((status) => statuses.add(status));
  return [...statuses].sort((a, b) => a - b);
}
