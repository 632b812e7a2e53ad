import { RELATIONSHIP_MAX_IDS } from '../jsonapi/relationshipDocument';
import type { ActionApiMetadata } from '../metadata/actionMetadata';
import type { AccessView } from '../transformer/AccessView';
import type { OperationSpec } from './operationSpec';
import { JsonSchema, openRequestObject } from './schemaTypes';

/** Marks a relationship endpoint's operation: buildDocument() describes its body and answers for the configured serializer. */
const RELATIONSHIP = 'x-rca-relationship';

/** What `relationshipOperation()` documents. */
export interface RelationshipOperationOptions {
  /** The type of the related resources: `genres`. */
  type: string;
  /** A write, and what it does with the members named (GET when absent). */
  write?: 'add' | 'replace' | 'remove';
  /** A request document to show (writes). */
  example?: unknown;
}

const SUMMARIES = {
  add: 'Adds members to the relationship (those it holds already stay once)',
  replace: 'Replaces every member of the relationship',
  remove: 'Removes members from the relationship',
};

/**
 * The OpenAPI operation of a to-many relationship endpoint (`/books/{id}/relationships/genres`),
 * for `@OpenAPI()`: its linkage document in, 204 out for a write (If-Match on the linkage's tag, 412);
 * the linkage and its ETag out for a GET. The
 * media types follow the configured serializer when the document is built.
 *
 * @example
 * \@Post('/') \@OpenAPI(relationshipOperation({ type: 'genres', write: 'add' }))
 * add(\@Param('id') id: number, \@Body({ validate: false }) body: unknown) { ... }
 */
export function relationshipOperation(options: RelationshipOperationOptions): OperationSpec {
  const summary = options.write ? SUMMARIES[options.write] : `The ${options.type} of the resource, as resource identifiers`;
  return { summary, [RELATIONSHIP]: { ...options } };
}

/** An identifier as readRelationshipIds() takes it: a string id (a whole number too in array mode), and perhaps meta. */
function identifier(type: string, jsonApi: boolean): JsonSchema {
  const text = { type: 'string', minLength: 1, maxLength: 64 };
  const id = jsonApi ? text : { anyOf: [text, { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }] };
  return { type: 'object', required: ['type', 'id'], additionalProperties: false, properties: { type: { const: type }, id, meta: openRequestObject() } };
}

/** A request's linkage document: closed, as the server refuses other members (400). */
function requestDocument(type: string, jsonApi: boolean): JsonSchema {
  const data = { type: 'array', items: identifier(type, jsonApi), maxItems: RELATIONSHIP_MAX_IDS };
  return { type: 'object', required: ['data'], additionalProperties: false, properties: { data, meta: openRequestObject(), jsonapi: openRequestObject() } };
}

/** The linkage a GET answers (in json-api mode a document with `jsonapi` and `links`). */
function responseDocument(type: string, jsonApi: boolean): JsonSchema {
  const data = { type: 'array', items: identifier(type, jsonApi) };
  const document = jsonApi ? { jsonapi: { type: 'object' }, links: { type: 'object' } } : {};
  return { type: 'object', required: ['data'], properties: { data, ...document } };
}

/**
 * Describes a relationship endpoint's operation in place, when `relationshipOperation()` marked it:
 * its request body and its success answer. Answers the status of that answer, or undefined for
 * any other operation.
 */
export function describeRelationship(operation: Record<string, unknown>, mediaType: string, jsonApi: boolean): string | undefined {
  const options = operation[RELATIONSHIP] as RelationshipOperationOptions | undefined;
  if (!options) return undefined;
  delete operation[RELATIONSHIP];
  const responses = operation.responses as Record<string, unknown>;
  delete responses['200'];
  if (!options.write) {
    responses['200'] = {
      description: 'The linkage of the relationship',
      headers: {
        ETag: { description: "The linkage's tag: send it back in If-None-Match (304) or in a write's If-Match (412 when changed)", schema: { type: 'string' } },
      },
      content: { [mediaType]: { schema: responseDocument(options.type, jsonApi) } },
    };
    return '200';
  }
  const example = options.example === undefined ? {} : { example: options.example };
  const schema = requestDocument(options.type, jsonApi);
  operation.requestBody = { required: true, content: { [mediaType]: { schema, ...example } } };
  responses['204'] = { description: 'Done: the relationship holds what was asked' };
  return '204';
}

/**
 * True when an action is a relationship endpoint (`@Relationship`) of an association the document's
 * principal may not use: its operations are left out of that principal's document.
 */
export function hiddenRelationship(metadata: ActionApiMetadata, access: AccessView): boolean {
  const { relationship } = metadata;
  return relationship !== undefined && access.hiddenRelations(relationship.model()).has(relationship.name);
}
