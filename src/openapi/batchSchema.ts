import { JSON_API_EXAMPLE, replacingBody, SchemaSpec } from './operationSpec';
import { BATCH_HEADERS, MAX_URL } from '../composition/batchRequest';

/**
 * The JSON Schema of a batch document, for OpenAPI; the server's own check is `parseBatch()`, which
 * refuses the same documents.
 */
export const BATCH_REQUEST_SCHEMA: SchemaSpec = {
  type: 'object',
  additionalProperties: false,
  required: ['requests'],
  properties: {
    atomic: { type: 'boolean', default: false, description: 'Run every request in one database transaction: all or nothing.' },
    requests: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['method', 'url'],
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'Names the answer for {{id.body.x}} references; default: the position.' },
          method: { type: 'string', enum: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] },
          url: { type: 'string', pattern: '^/(?![/\\\\])', maxLength: MAX_URL, description: 'A path of this API; may hold {{id.body.x}} references.' },
          body: { description: 'The JSON body; strings may be {{id.body.x}} references to earlier answers.' },
          headers: {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(BATCH_HEADERS.map((name) => [name, { type: 'string', pattern: '^[^\\u0000-\\u001f\\u007f]*$' }])),
          },
          depends_on: { type: 'array', items: { type: 'string' }, description: 'Earlier requests that must succeed first.' },
        },
        // GET, HEAD and DELETE take no body here (the server refuses one: 400).
        if: { required: ['method'], properties: { method: { enum: ['GET', 'HEAD', 'DELETE'] } } },
        then: { not: { required: ['body'] } },
      } as SchemaSpec, // if/then is JSON Schema 2020-12, as OpenAPI 3.1 writes it; the typings know 3.0's schemas
    },
  },
};

/** The example the documentation shows, and the suite sends. */
export const BATCH_REQUEST_EXAMPLE = {
  atomic: true,
  requests: [
    { id: 'book', method: 'POST', url: '/v1/books', body: { title: 'Batched Book', author_id: 1, publisher_id: 2 } },
    { method: 'PATCH', url: '/v1/books/{{book.body.id}}', body: { out_of_print: true } },
    { method: 'GET', url: '/v1/books/{{book.body.id}}?include=author' },
  ],
};

/** The same batch in json-api mode: JSON:API request documents, ids as strings. */
export const BATCH_REQUEST_EXAMPLE_JSON_API = {
  atomic: true,
  requests: [
    {
      id: 'book',
      method: 'POST',
      url: '/v1/books',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: {
        data: {
          type: 'books',
          attributes: { title: 'Batched Book' },
          relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '2' } } },
        },
      },
    },
    {
      method: 'PATCH',
      url: '/v1/books/{{book.body.data.id}}',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: { data: { type: 'books', id: '{{book.body.data.id}}', attributes: { out_of_print: true } } },
    },
    { method: 'GET', url: '/v1/books/{{book.body.data.id}}?include=author' },
  ],
};

/**
 * The batch endpoint's OpenAPI operation: `@OpenAPI(BATCH_OPERATION)` on the action.
 *
 * @example
 * @Post('/batch') @OpenAPI(BATCH_OPERATION) batch(@Body({ validate: false }) body: unknown) { ... }
 */
export const BATCH_OPERATION = replacingBody(
  {
    summary: 'Several requests in one',
    description:
      'Runs the requests in order, in process, each with its own status. `atomic: true` runs them in one database transaction: ' +
      "the first failure rolls every write back and is the batch's answer.",
    requestBody: { required: true, content: { 'application/json': { schema: BATCH_REQUEST_SCHEMA, example: BATCH_REQUEST_EXAMPLE } } },
    [JSON_API_EXAMPLE]: BATCH_REQUEST_EXAMPLE_JSON_API,
  },
  'application/json',
  {
    type: 'object',
    required: ['responses'],
    properties: {
      responses: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'status', 'headers', 'body'],
          properties: {
            id: { type: 'string' },
            status: { type: 'integer' },
            headers: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, value: { type: 'string' } } } },
            body: {},
          },
        },
      },
    },
  },
);

/** The batch endpoint's operation (BATCH_OPERATION), told by its request schema. */
export function isBatchOperation(operation: Record<string, unknown>): boolean {
  const content = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content ?? {};
  return Object.values(content).some((media) => media.schema === BATCH_REQUEST_SCHEMA);
}
