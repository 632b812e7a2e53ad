import type { EnvelopeName } from './routeTable';

/** What a call may put in its query string (see `CallOptions`). */
export interface QueryOptions {
  include?: readonly string[];
  fields?: Readonly<Record<string, readonly string[] | undefined>>;
  filter?: Readonly<Record<string, unknown>>;
  sort?: readonly string[];
  page?: number;
  perPage?: number;
  cursor?: string;
  query?: Readonly<Record<string, string>>;
}

/**
 * The query string the server parses for these options: `include=a,b`, `fields[books]=title`,
 * `filter[title][contains]=x` (a bare value is `eq`, or a search's words; lists joined by commas),
 * `filter[or][0][...]`, `sort=-title`, and the page parameters of the envelope (`page`/`per_page`/
 * `cursor`, JSON:API's `page[number]`/`page[size]`/`page[cursor]`).
 *
 * @example
 * queryString({ include: ['author'], filter: { title: { contains: 'proof' } }, sort: ['-title'] }, 'array');
 * // 'include=author&filter%5Btitle%5D%5Bcontains%5D=proof&sort=-title'
 */
export function queryString(options: QueryOptions, envelope: EnvelopeName): string {
  const query = new URLSearchParams();
  if (options.include?.length) query.set('include', options.include.join(','));
  for (const [type, names] of Object.entries(options.fields ?? {})) if (names) query.set(`fields[${type}]`, names.join(','));
  if (options.filter) addFilter(query, 'filter', options.filter);
  if (options.sort?.length) query.set('sort', options.sort.join(','));
  const jsonApi = envelope === 'json-api';
  if (options.page !== undefined) query.set(jsonApi ? 'page[number]' : 'page', String(options.page));
  if (options.perPage !== undefined) query.set(jsonApi ? 'page[size]' : 'per_page', String(options.perPage));
  if (options.cursor !== undefined) query.set(jsonApi ? 'page[cursor]' : 'cursor', options.cursor);
  for (const [name, value] of Object.entries(options.query ?? {})) query.set(name, value);
  return query.toString();
}

function addFilter(query: URLSearchParams, prefix: string, filter: Readonly<Record<string, unknown>>): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (condition === undefined) continue;
    if (field === 'or' && Array.isArray(condition)) {
      condition.forEach((group: Record<string, unknown>, index) => addFilter(query, `${prefix}[or][${index}]`, group));
    } else if (isOperators(condition)) {
      for (const [operator, value] of Object.entries(condition)) if (value !== undefined) query.set(`${prefix}[${field}][${operator}]`, text(value));
    } else {
      query.set(`${prefix}[${field}]`, text(condition));
    }
  }
}

/** An object of operators (`{ gte: 3 }`), not a value: a date or a list is a value. */
function isOperators(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A filter value as the server reads it: a date as its ISO text, a list joined by commas. */
function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(text).join(',');
  return String(value);
}
