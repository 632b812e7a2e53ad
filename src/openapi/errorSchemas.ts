import { statusText } from '../errors/describeError';
import { ERROR_REGISTRY } from '../errors/registry';
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

/**
 * The body of `json().success(message)` as the configured `successFormat` fills it; in json-api mode
 * the `meta` of a document without primary data, as such a payload is sent.
 */
export function successSchema(config: ApiConfig): JsonSchema {
  const schema = templateSchema(config.successFormat);
  return config.serializer === 'json-api' ? { type: 'object', required: ['meta'], properties: { meta: schema } } : schema;
}

/** `:code` an integer, `:message` a string or a map of messages per field, anything else as given. */
function templateSchema(format: unknown): JsonSchema {
  if (format === ':code') return { type: 'integer' };
  if (format === ':message') return { anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }] };
  if (!isPlainObject(format)) return { const: format };
  const properties = Object.fromEntries(Object.entries(format).map(([key, value]) => [key, templateSchema(value)]));
  return { type: 'object', properties, required: Object.keys(properties) };
}

/** The error statuses an action can answer, from what it reads and writes. */
export function errorStatuses(config: ApiConfig, options: { hasPathParams: boolean; hasBody: boolean; conditional?: boolean; linkage?: boolean }): number[] {
  // 400 on any route: a malformed Host, a JSONP callback that is not one, a query family read twice;
  // 503: a database that is busy, locked, read-only or out of connections.
  const statuses = new Set<number>([400, 500, 503]);
  if (options.hasPathParams) statuses.add(404);
  // A body naming a related row that does not exist: 422, which JSON:API makes a 404.
  if (options.hasBody) [408, 413, 415, 422].forEach((status) => statuses.add(status));
  if (options.hasBody && config.serializer === 'json-api') statuses.add(404);
  // A relationship's linkage naming another type: 409, in every serializer.
  if (options.linkage) statuses.add(409);
  // A write with If-Match: 412 when the tag is stale or the item is gone.
  if (options.conditional) statuses.add(412);
  if (config.serializer === 'json-api') [400, 406].forEach((status) => statuses.add(status));
  // A JSON:API request document of another type or id (409), or with a client-generated id (403).
  if (config.serializer === 'json-api' && options.hasBody) [403, 409].forEach((status) => statuses.add(status));
  return [...statuses].sort((a, b) => a - b);
}

/** The status text, and the codes of the error registry that answer with it (JSON:API's `code`). */
export function errorDescription(status: number): string {
  const codes = Object.entries(ERROR_REGISTRY)
    .filter(([, entry]) => entry.status === status)
    .map(([code]) => code);
  return codes.length > 0 ? `${statusText(status)}: ${codes.join(', ')}` : statusText(status);
}
