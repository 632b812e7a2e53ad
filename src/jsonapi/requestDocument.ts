import { snakeCase } from '../text/caseStyles';
import { identifierProblem } from './resourceIdentifier';
import { isPlainObject } from '../config/deepMerge';
import type { RequestContext } from '../context/RequestContext';
import type { DocumentRelationship, DocumentResource } from '../context/DocumentResource';

export type { DocumentRelationship, DocumentResource };
import { ApiError } from '../errors/ApiError';

/** A to-one relationship's id as the form request expects it: digits become a number. */
const idValue = (id: unknown) => (typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id);

function invalid(reason: string): ApiError {
  return new ApiError('RCA_JSONAPI_DOCUMENT', { reason });
}

/** A relationship's resource identifier: `{ type, id }` with string members, or null. */
function linkageOf(name: string, relationship: unknown): DocumentRelationship['linkage'] {
  const linkage = isPlainObject(relationship) ? relationship.data : undefined;
  if (linkage === null) return null;
  if (!isPlainObject(linkage)) throw invalid(`relationships.${name}.data must be one resource identifier or null`);
  const problem = identifierProblem(linkage);
  if (problem) throw invalid(`relationships.${name}.data${problem.member === undefined ? '' : `.${problem.member}`} ${problem.reason}`);
  if (typeof linkage.type !== 'string' || typeof linkage.id !== 'string') {
    throw invalid(`relationships.${name}.data must have a string type and a string id`);
  }
  return { type: linkage.type, id: linkage.id };
}

/**
 * A JSON:API request document as the flat body the app's form request already validates: the
 * attributes as they are, each to-one relationship as `<name>_id` (`author` -> `author_id`).
 * Anything that is not a resource document is a 400; a to-many relationship is not accepted here.
 * The document's type, id and relationships are kept on the request for documentChecks().
 *
 * @example
 * fromRequestDocument({ data: { type: 'books', attributes: { title: 'Dune' }, relationships: { author: { data: { type: 'authors', id: '1' } } } } });
 * // { title: 'Dune', author_id: 1 }
 */
export function fromRequestDocument(document: unknown, context?: RequestContext): Record<string, unknown> {
  if (!isPlainObject(document) || !isPlainObject(document.data)) throw invalid('the body must be { "data": { "type", "attributes" } }');
  const { type, id, attributes = {}, relationships = {} } = document.data;
  if (typeof type !== 'string') throw invalid('data.type must be a string');
  if (id !== undefined && typeof id !== 'string') throw invalid('data.id must be a string');
  if (!isPlainObject(attributes) || !isPlainObject(relationships)) throw invalid('attributes and relationships must be objects');
  const body: Record<string, unknown> = { ...attributes };
  const found: DocumentRelationship[] = [];
  for (const [name, relationship] of Object.entries(relationships)) {
    const linkage = linkageOf(name, relationship);
    const field = `${snakeCase(name)}_id`;
    body[field] = linkage === null ? null : idValue(linkage.id);
    found.push({ name, field, linkage });
  }
  if (context) context.document = Object.freeze({ type, id, relationships: found });
  return body;
}

/** The type, id and relationships of the request's JSON:API document; undefined without one. */
export function documentResource(context: RequestContext): DocumentResource | undefined {
  return context.document;
}
