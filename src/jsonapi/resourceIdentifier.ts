import { isPlainObject } from '../config/deepMerge';

/** What is wrong with a would-be resource identifier: the member at fault (none: the value itself), and why. */
export interface IdentifierProblem {
  member?: string;
  reason: string;
}

/**
 * Why `value` is not a resource identifier's shape (`{ "type", "id" }`, and an optional `meta`
 * object), undefined when it is: one check for every place a document names a related resource
 * (a relationship endpoint, a resource document's relationships, atomic operations, where `lid`
 * may stand for `id`). Its `type` and `id` values are the caller's to check, as each reads them.
 *
 * @example
 * identifierProblem({ type: 'genres', id: '2', rank: 1 }); // { member: 'rank', reason: 'is not a member of a resource identifier' }
 */
export function identifierProblem(value: unknown, { lid = false }: { lid?: boolean } = {}): IdentifierProblem | undefined {
  if (!isPlainObject(value)) return { reason: 'must be a resource identifier ({ "type", "id" })' };
  const extra = Object.keys(value).find((key) => key !== 'type' && key !== 'id' && key !== 'meta' && (!lid || key !== 'lid'));
  if (extra !== undefined) return { member: extra.slice(0, 40), reason: 'is not a member of a resource identifier' };
  if ('meta' in value && !isPlainObject(value.meta)) return { member: 'meta', reason: 'must be an object' };
  return undefined;
}
