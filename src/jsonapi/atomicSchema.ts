import { JSON_API_ONLY, replacingBody, SchemaSpec } from '../openapi/operationSpec';
import { ATOMIC_MEDIA_TYPE } from './atomicDocument';

/** A resource by type and id or lid; the relationship named when an operation targets one. */
const REF: SchemaSpec = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string' }, id: { type: 'string' }, lid: { type: 'string' }, relationship: { type: 'string' } },
};

/** The JSON Schema of an atomic operations document; `parseAtomicDocument()` is the server's own check. */
export const ATOMIC_REQUEST_SCHEMA: SchemaSpec = {
  type: 'object',
  required: ['atomic:operations'],
  properties: {
    'atomic:operations': {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['op'],
        properties: {
          op: { type: 'string', enum: ['add', 'update', 'remove'] },
          ref: REF,
          href: { type: 'string' },
          data: {
            description:
              'A resource object (add, update); for ref.relationship a list of resource identifiers (add, remove, update of a to-many relationship) or one identifier or null (update of a to-one).',
          },
          meta: { type: 'object' },
        },
      },
    },
  },
};

/** The documented example: a book added with a lid, then updated and linked through it. */
export const ATOMIC_REQUEST_EXAMPLE = {
  'atomic:operations': [
    {
      op: 'add',
      data: {
        type: 'books',
        lid: 'new-book',
        attributes: { title: 'Operations Manual', published_at: '2024-05-01' },
        relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '2' } } },
      },
    },
    { op: 'update', ref: { type: 'books', lid: 'new-book' }, data: { type: 'books', lid: 'new-book', attributes: { out_of_print: true } } },
    { op: 'update', ref: { type: 'books', lid: 'new-book', relationship: 'author' }, data: { type: 'authors', id: '2' } },
  ],
};

/**
 * The atomic operations endpoint's OpenAPI operation: `@OpenAPI(ATOMIC_OPERATION)` on the action.
 *
 * @example
 * @Post('/operations') @OpenAPI(ATOMIC_OPERATION) operations(@Body({ validate: false }) body: unknown) { ... }
 */
export const ATOMIC_OPERATION = replacingBody(
  {
    // In the array modes the endpoint answers every request 415: it is left out of their documents.
    [JSON_API_ONLY]: true,
    summary: 'JSON:API Atomic Operations',
    description:
      'Runs add, update and remove operations in order, all or nothing, in one database transaction (json-api mode). ' +
      'A lid given to an added resource names it in later operations. Errors point into the document (/atomic:operations/<n>/...).',
    requestBody: { required: true, content: { [ATOMIC_MEDIA_TYPE]: { schema: ATOMIC_REQUEST_SCHEMA, example: ATOMIC_REQUEST_EXAMPLE } } },
  },
  ATOMIC_MEDIA_TYPE,
  {
    type: 'object',
    required: ['atomic:results'],
    properties: { 'atomic:results': { type: 'array', items: { type: 'object', properties: { data: { type: 'object' }, meta: { type: 'object' } } } } },
  },
);
