import type { QuerySource } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { pageParameters } from './pageParameters';
import { SORT_PARAMETER } from './parseSort';

/** The spellings of one family of query parameters that the library reads. */
type Family = { readonly accepted: ReadonlySet<string>; readonly example: string };

/**
 * The library's query parameters in every spelling it reads; a parameter of the same family in any
 * other spelling (`include[a]=`, `sort[x]=`, `page[]=`) would be ignored, so it is a 400 instead.
 */
function familiesOf(context: QuerySource): Map<string, Family> {
  const { include, jsonp, serializer } = context.app.config;
  const page = pageParameters(context.app.config);
  const families = new Map<string, Family>();
  const add = (name: string, accepted: string[], example: string) => families.set(name, { accepted: new Set(accepted), example });
  add(include.key, [include.key, `${include.key}[]`], `${include.key}=author,comments`);
  add(include.excludeKey, [include.excludeKey, `${include.excludeKey}[]`], `${include.excludeKey}=publisher`);
  add(SORT_PARAMETER, [SORT_PARAMETER], 'sort=-created_at,title');
  if (jsonp.enabled) add(jsonp.param, [jsonp.param], `${jsonp.param}=handleBooks`);
  if (serializer === 'json-api') add('page', [page.page, page.size, page.cursor], 'page[number]=2&page[size]=10');
  else for (const name of [page.page, page.size, page.cursor]) add(name, [name], `${name}=2`);
  return families;
}

/**
 * Refuses a request that spells one of the library's query parameters in a form it does not read,
 * so that nothing a client asks for is silently ignored. `fields[...]` is checked by its own parser.
 *
 * @example
 * assertQueryFamilies(context); // throws RCA_QUERY_PARAMETER for ?include[a]=author
 */
export function assertQueryFamilies(context: QuerySource): void {
  if (context.search === '') return;
  let families: Map<string, Family> | undefined;
  for (const name of context.query.keys()) {
    const bracket = name.indexOf('[');
    if (bracket === -1) continue;
    families ??= familiesOf(context);
    const family = families.get(name.slice(0, bracket));
    if (family && !family.accepted.has(name)) {
      throw new ApiError('RCA_QUERY_PARAMETER', { parameter: name.slice(0, 60), example: family.example });
    }
  }
}
