import { queryValue, RequestContext } from '../context/RequestContext';
import { parseFieldsets } from './parseFieldsets';
import type { Fieldsets } from './Fieldset';
import type { ExcludeTree, IncludeTree } from './IncludeTree';
import { readFilterRequest } from './readFilter';
import type { FilterRequest } from '../metadata/filterTypes';
import { parseExcludes } from './parseExcludes';
import { parseIncludes } from './parseIncludes';
import { ACTION_METADATA, ActionApiMetadata, actionResourceKey, actionTransformer } from '../metadata/actionMetadata';
import { readPageRequest, PageRequest } from '../helpers/pageRequest';
import { converter } from '../response/convertBody';
import { jsonpCallback } from '../response/jsonp';
import { readSortRequest, SortField } from './parseSort';
import { checkRequestNames } from '../transformer/checkRequestNames';
import { defaultIncludeParams } from '../transformer/Transformer';
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

const REQUEST_QUERY = Symbol('rca.requestQuery');

/**
 * Parses and validates a request's query for an action; any bad parameter is a 400 thrown here.
 * Include, exclude, include sort and fieldset names are checked against the action's transformer
 * (and those its includes name), so that a write never runs for a request refused afterwards.
 */
export function readRequestQuery(context: RequestContext, metadata: ActionApiMetadata | undefined): RequestQuery {
  const { config } = context.app;
  assertQueryFamilies(context);
  const include = parseIncludes(queryValue(context, config.include.key), { ...config.include, defaults: defaultIncludeParams() });
  const exclude = parseExcludes(queryValue(context, config.include.excludeKey), config.include, config.include.excludeKey);
  const query: RequestQuery = Object.freeze({
    include,
    exclude,
    fieldsets: parseFieldsets(context.query),
    sort: readSortRequest(context, metadata?.sortable),
    page: metadata?.paginated ? readPageRequest(context, metadata.paginated) : null,
    filter: readFilterRequest(context, metadata),
    callback: jsonpCallback(context),
    narrow: metadata?.includes,
  });
  const transformer = actionTransformer(context);
  if (transformer) {
    const convert = converter(config.convert.key, config.convert.date);
    checkRequestNames(transformer, query, { resourceKey: actionResourceKey(context), displayKey: (name) => convert.key(name), filterLimits: config.filter });
  }
  return query;
}

/**
 * The query of the current request for its action, read once: before a decorated action runs (so
 * that a bad parameter stops it), or when first needed (an undecorated action that renders a
 * resource, a response made outside any action).
 *
 * @example
 * const { include, fieldsets } = requestQuery(currentContext());
 */
export function requestQuery(context: RequestContext): RequestQuery {
  let query = readQuery(context);
  if (!query) {
    query = readRequestQuery(context, context.slots.get(ACTION_METADATA) as ActionApiMetadata | undefined);
    context.slots.set(REQUEST_QUERY, query);
  }
  return query;
}

/** The query read for the current request so far, if any. */
export function readQuery(context: RequestContext): RequestQuery | undefined {
  return context.slots.get(REQUEST_QUERY) as RequestQuery | undefined;
}
