import type { ActionMetadata } from 'routing-controllers/types/metadata/ActionMetadata';
import type { RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { FieldErrors } from '../errors/FieldErrors';

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
    // A request class's fields only: a body an action reads itself (a batch, a linkage) has its own checks.
    const withNul = wantsObject ? fieldsWithNul(body as Record<string, unknown>) : [];
    if (withNul.length > 0) {
      const message = (field: string) => `${field} must not contain the NUL character (\\u0000)`;
      throw new FieldErrors(withNul.map((property) => ({ property, constraint: 'noNulCharacter', message: message(property) })));
    }
  };
}

/**
 * The top-level fields of a body whose text holds a NUL character, at any depth below them.
 * PostgreSQL's text cannot hold one (Sequelize would store the two characters `\0` instead), so it is
 * refused on every database alike, naming the field, rather than stored altered.
 */
function fieldsWithNul(body: Record<string, unknown>): string[] {
  return Object.entries(body)
    .filter(([, value]) => holdsNul(value))
    .map(([field]) => field);
}

/** True when `value` or anything in it is text with a NUL character (the body's depth is bounded as it is parsed). */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value as Record<string, unknown>).some(holdsNul);
}
