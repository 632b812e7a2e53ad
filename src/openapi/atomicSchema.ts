import { JSON_API_ONLY, replacingBody, SchemaSpec } from './operationSpec';
import { escapePattern } from './includePaths';
import { openRequestObject } from './schemaTypes';
import { ATOMIC_MEDIA_TYPE } from '../jsonapi/atomicDocument';

const NAME = { type: 'string', minLength: 1 };
const OPEN = openRequestObject();
const SEGMENT = '[A-Za-z0-9_-]{1,64}';

/** A resource identifier in linkage: its type and its id or (an earlier add's) lid. */
const IDENTIFIER: SchemaSpec = {
  type: 'object',
  required: ['type'],
  properties: { type: NAME, id: NAME, lid: NAME, meta: OPEN },
  oneOf: [{ required: ['id'] }, { required: ['lid'] }],
} as SchemaSpec;

/** A resource object of an add or an update (its relationships' linkage as identifiers). */
const RESOURCE: SchemaSpec = {
  type: 'object',
  required: ['type'],
  properties: {
    type: NAME,
    id: NAME,
    lid: NAME,
    attributes: OPEN,
    relationships: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['data'],
        properties: { data: { anyOf: [IDENTIFIER, { type: 'null' }, { type: 'array', items: IDENTIFIER }] } },
      },
    },
    meta: OPEN,
    links: OPEN,
  },
  not: { required: ['id', 'lid'] },
} as SchemaSpec;

/** A `ref`: a type, the resource's id or lid (not both), the relationship an operation targets. */
const REF: SchemaSpec = {
  type: 'object',
  required: ['type'],
  properties: { type: NAME, id: NAME, lid: NAME, relationship: NAME },
  additionalProperties: false,
  not: { required: ['id', 'lid'] },
} as SchemaSpec;

/**
 * An href whose path under the base path matches `path`, as the parser reads it: the base path is
 * taken off when the href starts with it and a slash, else the href is read whole.
 */
function hrefMatching(basePath: string | undefined, path: string): SchemaSpec {
  if (!basePath) return { pattern: `^${path}$` };
  const base = escapePattern(basePath);
  return { anyOf: [{ pattern: `^${base}${path}$` }, { allOf: [{ not: { pattern: `^${base}/` } }, { pattern: `^${path}$` }] }] };
}

/**
 * The JSON Schema of an atomic operations document, as strict as `parseAtomicDocument()`, the
 * server's own check: `href` under `basePath` (the path the action gives the parser) and at most
 * `max` operations (`operations.max`). What JSON Schema cannot say is checked only by the server:
 * `data.type` against the target's type (409), lids bound by earlier operations.
 *
 * @example
 * atomicRequestSchema({ basePath: '/v1', max: 100 });
 */
export function atomicRequestSchema({ basePath, max }: { basePath?: string; max?: number } = {}): SchemaSpec {
  const href = { type: 'string', ...hrefMatching(basePath, `/${SEGMENT}(?:/${SEGMENT}(?:/relationships/${SEGMENT})?)?`) };
  // What an operation targets, as JSON Schema tells it apart.
  const relationship = {
    anyOf: [
      { required: ['ref'], properties: { ref: { required: ['relationship'] } } },
      { required: ['href'], properties: { href: hrefMatching(basePath, `/${SEGMENT}/${SEGMENT}/relationships/${SEGMENT}`) } },
    ],
  };
  const resource = {
    anyOf: [
      { required: ['ref'], properties: { ref: { anyOf: [{ required: ['id'] }, { required: ['lid'] }] } } },
      { required: ['href'], properties: { href: hrefMatching(basePath, `/${SEGMENT}/${SEGMENT}`) } },
    ],
  };
  const linkage = { type: 'array', items: IDENTIFIER };
  const operation = {
    type: 'object',
    additionalProperties: false,
    required: ['op'],
    properties: { op: { type: 'string', enum: ['add', 'update', 'remove'] }, ref: REF, href, data: {}, meta: OPEN },
    allOf: [
      { not: { required: ['ref', 'href'] } },
      // A relationship: its resource named by id or lid; add and remove send a list, update a list, one identifier or null.
      {
        if: relationship,
        then: {
          required: ['data'],
          properties: { ref: { anyOf: [{ required: ['id'] }, { required: ['lid'] }] } },
          if: { properties: { op: { const: 'update' } } },
          then: { properties: { data: { anyOf: [linkage, IDENTIFIER, { type: 'null' }] } } },
          else: { properties: { data: linkage } },
        },
        // A resource: remove names it and sends nothing; update names it and sends it; add sends it, named by its data.
        else: {
          if: { properties: { op: { const: 'remove' } } },
          then: { allOf: [resource, { not: { required: ['data'] } }] },
          else: {
            required: ['data'],
            properties: { data: RESOURCE },
            if: { properties: { op: { const: 'update' } } },
            then: resource,
            else: { not: resource },
          },
        },
      },
    ],
  };
  return {
    type: 'object',
    required: ['atomic:operations'],
    additionalProperties: false,
    properties: {
      'atomic:operations': { type: 'array', minItems: 1, ...(max ? { maxItems: max } : {}), items: operation },
      jsonapi: OPEN,
      meta: OPEN,
    },
  } as SchemaSpec;
}

/** The document's schema under any base path: `buildOpenApiDocument()` puts the endpoint's own in its place. */
export const ATOMIC_REQUEST_SCHEMA: SchemaSpec = atomicRequestSchema();

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
