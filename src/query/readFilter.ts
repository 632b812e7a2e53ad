import type { QuerySource } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import type { ActionApiMetadata } from '../metadata/actionMetadata';
import { filterFields } from '../model/filterFields';
import type { FilterRequest } from '../metadata/filterTypes';
import { rulesFor } from '../context/rulesFor';
import { HiddenNames, usableFilterFields } from './usableFilterFields';
import { FILTER_PARAMETER, parseFilter } from './parseFilter';

/** True when the request carries any `filter` parameter. */
function asksFilter(context: QuerySource): boolean {
  for (const name of context.query.keys()) if (name === FILTER_PARAMETER || name.startsWith(`${FILTER_PARAMETER}[`)) return true;
  return false;
}

/**
 * Reads the `filter` of a request for an action: against its `@Filterable` fields when it has
 * them. An action without them refuses a filter (400) rather than answer unfiltered data, when it
 * is decorated or in json-api mode (where `filter` is reserved); an undecorated action in the
 * other modes is left to read `filter[...]` itself. `transformer`: the action's, whose `columns`
 * name the attributes of filter fields.
 */
export function readFilterRequest(context: QuerySource, metadata: ActionApiMetadata | undefined, transformer?: unknown): FilterRequest | null {
  const filterable = metadata?.filterable;
  if (filterable) {
    const fields = filterFields(filterable, transformer);
    // A field the principal may not use is refused exactly as one never declared.
    const usable = context.app.policies ? usableFilterFields(fields, principalNames(context)) : fields;
    return parseFilter(context.query, usable, context.app.config.filter);
  }
  if ((metadata || context.app.config.serializer === 'json-api') && asksFilter(context)) {
    throw new ApiError('RCA_FILTER_INVALID', { parameter: FILTER_PARAMETER, reason: 'this route filters nothing (it declares no @Filterable fields)' });
  }
  return null;
}

/** What the request's principal may not use, from its policies. */
export function principalNames(context: QuerySource): HiddenNames {
  return { hidden: (model) => rulesFor(context, model).hidden, hiddenRelations: (model) => rulesFor(context, model).hiddenRelations };
}
