import type { Model, ModelStatic } from 'sequelize';
import type { ActionApiMetadata } from '../metadata/actionMetadata';
import { rulesFor } from '../context/rulesFor';
import { transformerModel } from '../context/transformerModel';
import { fieldAttribute } from '../model/fieldAttribute';
import { QuerySource, queryValue } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { fieldKey } from '../text/fieldKey';
import type { SortDirection } from './IncludeTree';

/** One key of `?sort=-created_at,title`: the field as the action allows it, and its direction. */
export interface SortField {
  readonly field: string;
  readonly direction: SortDirection;
}

/** The query parameter of collection sorting (JSON:API's name). */
export const SORT_PARAMETER = 'sort';
const MAX_LENGTH = 512;

function invalid(value: string, reason: string): ApiError {
  return new ApiError('RCA_SORT_INVALID', { parameter: `sort=${value.length > 60 ? `${value.slice(0, 60)}...` : value}`, reason });
}

/**
 * The sort a request asks for, checked against the action's allowlist: null when it gives none,
 * a 400 for an empty key, a field not allowed, one given twice or a repeated parameter.
 *
 * @example
 * parseSort('-created_at,title', ['title', 'created_at']); // [{ field: 'created_at', direction: 'desc' }, { field: 'title', direction: 'asc' }]
 */
export function parseSort(value: string | string[] | undefined, allowed: readonly string[]): SortField[] | null {
  if (value === undefined) return null;
  if (Array.isArray(value)) throw invalid(value.join('&sort='), 'give sort once, its keys separated by commas');
  if (value.length > MAX_LENGTH) throw invalid(value, `at most ${MAX_LENGTH} characters are allowed`);
  const byKey = new Map(allowed.map((field) => [fieldKey(field), field]));
  const fields: SortField[] = [];
  const seen = new Set<string>();
  for (const raw of value.split(',')) {
    const descending = raw.startsWith('-');
    const name = descending ? raw.slice(1) : raw;
    const field = byKey.get(fieldKey(name));
    if (name === '') throw invalid(value, 'a sort key is empty');
    if (name.startsWith('-')) throw invalid(value, `"${raw.slice(0, 40)}" has more than one "-"; write -key for descending`);
    if (field === undefined) throw invalid(value, `"${name.slice(0, 40)}" cannot be sorted by here; allowed: ${allowed.join(', ') || 'none'}`);
    if (seen.has(field)) throw invalid(value, `"${name}" is given twice`);
    seen.add(field);
    fields.push(Object.freeze({ field, direction: descending ? 'desc' : 'asc' }));
  }
  return fields;
}

/**
 * Reads the `sort` of a request for an action: against its `@Sortable` list when it has one; an
 * action without one ignores `sort`, except in json-api mode, where the spec asks for a 400.
 */
export function readSortRequest(context: QuerySource, sortable: readonly string[] | undefined): SortField[] | null {
  const value = queryValue(context, SORT_PARAMETER);
  if (sortable) return parseSort(value, sortable);
  if (value !== undefined && context.app.config.serializer === 'json-api') throw invalid(String(value), 'this route cannot be sorted');
  return null;
}

/**
 * An action's `@Sortable` keys less those on an attribute the principal may not read (its policies'
 * `hidden`), so that such a key is refused exactly as an unlisted one, before the action. The keys'
 * model is the action's `@Filterable` one, else its transformer's (declared, or learnt when the app
 * started); an action with neither is checked when its order is made (`sortOrder()`, `paginate()`).
 */
export function usableSortKeys(context: QuerySource, metadata: ActionApiMetadata | undefined, transformer?: unknown): readonly string[] | undefined {
  const sortable = metadata?.sortable;
  const model = metadata?.filterable?.model() ?? transformerModel(context.app, transformer);
  if (!sortable || !model || !context.app.policies) return sortable;
  return sortableWithout(sortable, model, transformer, rulesFor(context, model).hidden);
}

/**
 * `@Sortable` keys less those that order by one of `model`'s `hidden` attributes (a key maps to its
 * attribute through the transformer's `columns`, as sorting does): the keys a principal may use.
 *
 * @example
 * sortableWithout(['title', 'published_at'], Book, transformer, new Set(['publishedAt'])); // ['title']
 */
export function sortableWithout(sortable: readonly string[], model: ModelStatic<Model>, transformer: unknown, hidden: ReadonlySet<string>): readonly string[] {
  if (hidden.size === 0) return sortable;
  return sortable.filter((field) => !hidden.has(fieldAttribute(model, field, transformer) ?? ''));
}
