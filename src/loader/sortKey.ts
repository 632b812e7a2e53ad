import { camelCase as camel, snakeCase as snake } from '../text/caseStyles';
import { UnexpectedIncludesParameterError } from '../errors/ApiError';
import type { IncludeParams } from '../query/IncludeTree';

import type { SortableKeys } from '../model/attributeKeys';

export interface SortRequest {
  params: IncludeParams;
  /** True when the client named the sort key; a default key that does not exist falls back quietly. */
  sortGiven: boolean;
  /** The include's path, quoted in errors. */
  path: string;
  /** An allowlist set by the transformer (`sortable`), else every key of the relation... */
  allowed?: readonly string[];
  /** ...less these (the fields the included transformer hides). */
  denied?: readonly string[];
  /** A condition the related rows must meet (an include's `filter()`), as SQL on the target under an alias. */
  where?: (alias: string) => string;
}

/**
 * The attribute to sort by, accepting `created_at` for an attribute `createdAt` and the column
 * name itself. A key the client chose that is not allowed is a 400 listing the allowed ones.
 */
export function resolveSortKey(keys: SortableKeys, request: SortRequest, fallback: string | null): string | null {
  const denied = new Set(request.denied?.map(snake));
  const allowed = request.allowed ?? [...new Set([...keys.keys()].map(snake))].filter((key) => !denied.has(key));
  const wanted = request.params.sort;
  const permitted = allowed.some((key) => key === wanted || camel(key) === camel(wanted));
  const attribute = permitted ? findAttribute(keys, wanted) : undefined;
  if (attribute !== undefined) return attribute;
  if (!request.sortGiven) return fallback;
  throw notAllowed(request, allowed);
}

/**
 * A sort key the client chose that an allowlist does not name is a 400, found before anything is
 * loaded (`resolveSortKey` also refuses allowed keys the relation lacks, once it is known).
 */
export function checkSortAllowed(request: SortRequest): void {
  const { allowed, sortGiven, params } = request;
  if (!allowed || !sortGiven) return;
  if (!allowed.some((key) => key === params.sort || camel(key) === camel(params.sort))) throw notAllowed(request, allowed);
}

function notAllowed(request: SortRequest, allowed: readonly string[]): UnexpectedIncludesParameterError {
  const { path, params } = request;
  return new UnexpectedIncludesParameterError(
    `${path}:sort(${params.sort}|${params.order})`,
    `sort key "${params.sort}" is not allowed for ${path}; allowed: ${allowed.join(', ') || 'none'}`,
  );
}

function findAttribute(keys: SortableKeys, wanted: string): string | undefined {
  if (keys.has(wanted)) return wanted;
  if (keys.has(camel(wanted))) return camel(wanted);
  for (const [attribute, column] of keys) if (column === wanted) return attribute;
  return undefined;
}
