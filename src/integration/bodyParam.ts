import type { ActionMetadata } from 'routing-controllers/types/metadata/ActionMetadata';
import type { RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
/** Body types that are not a request class: nothing to say about their shape here. */
const OPEN_TYPES: ReadonlySet<unknown> = new Set([undefined, Array, Object, String, Number, Boolean]);

/**
 * What an action's `@Body()` needs of a write before it runs: a body at all (a POST, PUT or PATCH
 * without one is a 400, where class-validator would throw on `undefined`), and, for a request
 * class, one object (class-validator validates each element of an array, not the array as one
 * request: a list is a 422). Null for an action without `@Body()`.
 *
 * @example
 * const check = bodyCheck(actionMetadata);
 * check?.(context); // throws RCA_BODY_REQUIRED for an empty POST
 */
export function bodyCheck(action: ActionMetadata): ((context: RequestContext) => void) | null {
  const param = action.params.find((candidate) => candidate.type === 'body');
  if (!param) return null;
  const wantsObject = !OPEN_TYPES.has(param.targetType);
  return (context) => {
    if (!WRITES.has(context.method)) return;
    const body = context.body();
    if (body === undefined) throw new ApiError('RCA_BODY_REQUIRED', { method: context.method });
    if (wantsObject && (body === null || typeof body !== 'object' || Array.isArray(body))) throw new ApiError('RCA_BODY_NOT_OBJECT');
  };
}
