import { ApiError, UnexpectedIncludesParameterError } from '../errors/ApiError';
import type { IncludeNode } from '../query/IncludeTree';
import type { Transformer } from './Transformer';
import { filterFields } from '../model/filterFields';
import type { FilterRequest } from '../metadata/filterTypes';
import { FilterLimits, parseFilter } from '../query/parseFilter';
import { HiddenNames, usableFilterFields } from '../query/usableFilterFields';

/**
 * The conditions of an include's `filter()` modifiers (`comments:filter(rating|gte|4)`), read as a
 * `filter[...]` of the related model is: against the parent transformer's `includeFilters[name]`
 * (its model and fields), values typed by the column. Anything else is a 400 naming the include.
 * Null when the include has none.
 *
 * @example
 * includeFilterRequest(new BookTransformer(), 'comments', node, config.filter); // { all: [rating >= 4], any: [], ... }
 */
export function includeFilterRequest(
  transformer: Transformer,
  name: string,
  node: IncludeNode,
  limits: FilterLimits,
  names?: HiddenNames,
): FilterRequest | null {
  if (!node.filters) return null;
  const written = `${node.path}:${node.filters.map((filter) => `filter(${filter.field}|${filter.operator}|${filter.value})`).join(':')}`;
  const declaration = transformer.includeFilters[name];
  if (!declaration) throw new UnexpectedIncludesParameterError(written, `${node.path} cannot be filtered (its transformer declares no includeFilters for it)`);
  const query = new URLSearchParams();
  for (const { field, operator, value } of node.filters) query.append(`filter[${field}][${operator}]`, value);
  try {
    const fields = filterFields(declaration, undefined);
    // A field the principal may not use is refused as one never declared.
    return parseFilter(query, names ? usableFilterFields(fields, names) : fields, limits);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'RCA_FILTER_INVALID') throw new UnexpectedIncludesParameterError(written, String(error.details.reason));
    throw error;
  }
}
