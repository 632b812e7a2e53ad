import type { QuerySource } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import type { ActionApiMetadata } from '../metadata/actionMetadata';
import { filterFields } from '../model/filterFields';
import type { FilterField, FilterRequest } from '../metadata/filterTypes';
import { rulesFor } from '../context/rulesFor';
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
  if (filterable) return parseFilter(context.query, usableFields(context, filterFields(filterable, transformer)), context.app.config.filter);
  if ((metadata || context.app.config.serializer === 'json-api') && asksFilter(context)) {
    throw new ApiError('RCA_FILTER_INVALID', { parameter: FILTER_PARAMETER, reason: 'this route filters nothing (it declares no @Filterable fields)' });
  }
  return null;
}

/**
 * The declared fields less those the principal may not read (its policies' `hidden`): a field on a
 * hidden attribute, or a search over one, is not offered, and is refused exactly as an undeclared one.
 */
function usableFields(context: QuerySource, fields: ReadonlyMap<string, FilterField>): ReadonlyMap<string, FilterField> {
  if (!context.app.policies) return fields;
  let usable: Map<string, FilterField> | undefined;
  for (const [name, field] of fields) {
    const { hidden } = rulesFor(context, field.model);
    if (hidden.size === 0 || !(field.search ?? [field.attribute]).some((attribute) => hidden.has(attribute))) continue;
    usable ??= new Map(fields);
    usable.delete(name);
  }
  return usable ?? fields;
}
