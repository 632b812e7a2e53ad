import type { RequestContext } from '../context/RequestContext';
import { rulesFor } from '../context/rulesFor';
import { ApiError } from '../errors/ApiError';

/**
 * Before a relationship endpoint's action (`@Relationship(() => Book, 'genres')`) runs: a caller
 * whose policy hides that association gets the answer of a route that does not exist (404), so the
 * linkage can be neither read nor written through it, as `include=genres` cannot name it.
 *
 * @example
 * checkRelationship(context); // throws RCA_ROUTE_NOT_FOUND for a reader from whom Book.genres is hidden
 */
export function checkRelationship(context: RequestContext): void {
  const relationship = context.action?.metadata.relationship;
  if (!relationship || !context.app.policies) return;
  if (!rulesFor(context, relationship.model()).hiddenRelations.has(relationship.name)) return;
  throw new ApiError('RCA_ROUTE_NOT_FOUND', { method: context.method, path: context.path.slice(0, 200) });
}
