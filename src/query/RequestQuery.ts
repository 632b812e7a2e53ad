import { QuerySource, queryValue, RequestContext } from '../context/RequestContext';
import { parseFieldsets } from './parseFieldsets';
import type { Fieldsets } from './Fieldset';
import type { ExcludeTree, IncludeTree } from './IncludeTree';
import { readFilterRequest } from './readFilter';
import type { FilterRequest } from '../metadata/filterTypes';
import { parseExcludes } from './parseExcludes';
import { includeDefaults, parseIncludes } from './parseIncludes';
import type { ActionApiMetadata } from '../metadata/actionMetadata';
import { readPageRequest, PageRequest } from './parsePage';
import { jsonpCallback } from './parseCallback';
import { readSortRequest, SortField, usableSortKeys } from './parseSort';
import { assertQueryFamilies } from './queryFamilies';

/**
 * What a request asks of the response, read from its query once: includes, excludes, sparse
 * fieldsets, sort, page, filter and JSONP callback, parsed and validated together. The loader, the include
 * walk and render only read it.
 */
export interface RequestQuery {
  readonly include: IncludeTree;
  readonly exclude: ExcludeTree;
  readonly fieldsets: Fieldsets;
  /** `?sort=` of a `@Sortable` action; null when none is asked (or the action sorts nothing). */
  readonly sort: readonly SortField[] | null;
  /** The page of a `@Paginated` action; null for other actions. */
  readonly page: PageRequest | null;
  /** `?filter[...]` of a `@Filterable` action; null when none is asked. */
  readonly filter: FilterRequest | null;
  /** The JSONP callback of a GET or HEAD; null when there is none. */
  readonly callback: string | null;
  /** `@AvailableIncludes` of the action: the top-level includes it narrows to. */
  readonly narrow: readonly string[] | undefined;
}

declare module '../context/RequestContext' {
  interface ActionCall {
    /** The request's query, parsed before a decorated action runs; undefined for an undecorated action. */
    readonly query: RequestQuery | undefined;
  }
}

/**
 * Parses and validates a request's query for an action; any bad parameter is a 400 thrown here. A
 * function of the query, the method, the app's config and the action's metadata (`transformer`: the
 * action's, whose `columns` name the attributes of filter fields). The names it holds are checked
 * against the transformers by the integration layer before the action runs (recordActionCall).
 *
 * @example
 * const query = parseRequestQuery(context, metadata, transformer); // query.include, query.page...
 */
export function parseRequestQuery(source: QuerySource, metadata: ActionApiMetadata | undefined, transformer?: unknown): RequestQuery {
  const { config } = source.app;
  assertQueryFamilies(source);
  const include = parseIncludes(queryValue(source, config.include.key), { ...config.include, defaults: includeDefaults(config.include.params) });
  const exclude = parseExcludes(queryValue(source, config.include.excludeKey), config.include, config.include.excludeKey);
  return Object.freeze({
    include,
    exclude,
    fieldsets: parseFieldsets(source.query),
    sort: readSortRequest(source, usableSortKeys(source, metadata, transformer)),
    page: metadata?.paginated ? readPageRequest(source, metadata.paginated) : null,
    filter: readFilterRequest(source, metadata, transformer),
    callback: jsonpCallback(source),
    narrow: metadata?.includes,
  });
}

/**
 * The query of a request, for a response or a helper: the one parsed before its decorated action
 * ran, else parsed here, explicitly, for the action's metadata (an undecorated action, a response
 * made outside any action).
 *
 * @example
 * const { include, fieldsets } = requestQuery(currentContext());
 */
export function requestQuery(context: RequestContext): RequestQuery {
  const action = context.action;
  return action?.query ?? parseRequestQuery(context, action?.metadata, action?.transformer);
}
