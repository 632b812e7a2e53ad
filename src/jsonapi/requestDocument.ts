import { snakeCase } from '../caseStyles';
import { ApiError } from '../errors/ApiError';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A to-one relationship's id as the form request expects it: digits become a number. */
const idValue = (id: unknown) => (typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id);

/**
 * A JSON:API request document as the flat body the app's form request already validates: the
 * attributes as they are, each to-one relationship as `<name>_id` (`author` -> `author_id`).
 * Anything that is not a resource document is a 400; a to-many relationship is not accepted here.
 *
 * @example
 * fromRequestDocument({ data: { type: 'books', attributes: { title: 'Dune' }, relationships: { author: { data: { type: 'authors', id: '1' } } } } });
 * // { title: 'Dune', author_id: 1 }
 */
export function fromRequestDocument(document: unknown): Record<string, unknown> {
  if (!isObject(document) || !isObject(document.data))
    throw new ApiError('RCA_JSONAPI_DOCUMENT', { reason: 'the body must be { "data": { "type", "attributes" } }' });
  const { type, attributes = {}, relationships = {} } = document.data;
  if (typeof type !== 'string') throw new ApiError('RCA_JSONAPI_DOCUMENT', { reason: 'data.type must be a string' });
  if (!isObject(attributes) || !isObject(relationships)) throw new ApiError('RCA_JSONAPI_DOCUMENT', { reason: 'attributes and relationships must be objects' });
  const body: Record<string, unknown> = { ...attributes };
  for (const [name, relationship] of Object.entries(relationships)) {
    const linkage = isObject(relationship) ? relationship.data : undefined;
    if (linkage !== null && !isObject(linkage)) {
      throw new ApiError('RCA_JSONAPI_DOCUMENT', { reason: `relationships.${name}.data must be one resource identifier or null` });
    }
    body[`${snakeCase(name)}_id`] = linkage === null ? null : idValue(linkage.id);
  }
  return body;
}
