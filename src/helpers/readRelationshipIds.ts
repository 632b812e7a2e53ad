import { currentContext } from '../context/RequestContext';
import { relationshipIds, RelationshipOptions } from '../jsonapi/relationshipDocument';

/**
 * The ids a to-many relationship document of the current request names, each once, at most `max`:
 * `relationshipIds()` with the request's mode (in json-api mode ids must be strings, as JSON:API
 * writes them). Not a list of identifiers: 400 pointing at the member; another type: 409.
 *
 * @example
 * const ids = readRelationshipIds(body, { type: 'genres' }); // ['2', '5']
 */
export function readRelationshipIds(document: unknown, options: RelationshipOptions): string[] {
  const strict = currentContext('readRelationshipIds()').app.config.serializer === 'json-api';
  return relationshipIds(document, { ...options, strict });
}
