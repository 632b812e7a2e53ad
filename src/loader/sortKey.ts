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
  const allowed = request.allowed ?? keysAllowed(keys, request.denied);
  const wanted = request.params.sort;
  const attribute = allows(allowed, wanted) ? findAttribute(keys, wanted) : undefined;
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
  if (!allows(allowed, params.sort)) throw notAllowed(request, allowed);
}

/** True when `allowed` names `wanted`, in either spelling (`created_at`, `createdAt`). */
function allows(allowed: readonly string[], wanted: string): boolean {
  if (allowed.includes(wanted)) return true;
  const camelWanted = camel(wanted);
  return allowed.some((key) => camel(key) === camelWanted);
}

const snakeKeys = new WeakMap<SortableKeys, readonly string[]>();

/** Every key of the relation, snake_case, once each (found once per model), less the `denied` ones. */
function keysAllowed(keys: SortableKeys, denied: readonly string[] | undefined): readonly string[] {
  let all = snakeKeys.get(keys);
  if (!all) snakeKeys.set(keys, (all = [...new Set([...keys.keys()].map(snake))]));
  if (!denied || denied.length === 0) return all;
  const hidden = new Set(denied.map(snake));
  return all.filter((key) => !hidden.has(key));
}

function notAllowed(request: SortRequest, allowed: readonly string[]): UnexpectedIncludesParameterError {
  const { path, params } = request;
  return new UnexpectedIncludesParameterError(
    `${path}:sort(${params.sort}|${params.order})`,
    `sort key "${params.sort}" is not allowed for ${path}; allowed: ${allowed.join(', ') || 'none'}`,
  );
}

function findAttribute(keys: SortableKeys, wanted: string): string | undefined {
  const named = spellingsOf(keys).get(wanted);
  if (named !== undefined) return named;
  if (keys.has(camel(wanted))) return camel(wanted);
  for (const [attribute, column] of keys) if (column === wanted) return attribute;
  return undefined;
}

const spellings = new WeakMap<SortableKeys, ReadonlyMap<string, string>>();

/**
 * Each attribute by its own name and by its snake_case spelling (where camelCase reads it back):
 * the names `findAttribute` takes first, found once per model.
 */
function spellingsOf(keys: SortableKeys): ReadonlyMap<string, string> {
  let names = spellings.get(keys);
  if (!names) {
    const found = new Map<string, string>([...keys.keys()].map((attribute) => [attribute, attribute]));
    for (const attribute of keys.keys()) {
      const spelled = snake(attribute);
      if (!found.has(spelled) && camel(spelled) === attribute) found.set(spelled, attribute);
    }
    spellings.set(keys, (names = found));
  }
  return names;
}
