import contentType from 'content-type';
import type { RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { FILTER_PARAMETER } from '../query/parseFilter';
import { SORT_PARAMETER } from '../query/parseSort';
import { JSON_API_MEDIA_TYPE } from './errorDocument';

/** The only media type parameters JSON:API allows. */
const ALLOWED_PARAMETERS = new Set(['ext', 'profile']);

/** Parameters of one media range other than ext and profile (q, the quality, belongs to Accept itself). */
function foreignParameters(range: string): string[] {
  return range
    .split(';')
    .slice(1)
    .map((parameter) => parameter.split('=')[0].trim().toLowerCase())
    .filter((name) => name && name !== 'q' && !ALLOWED_PARAMETERS.has(name));
}

/**
 * JSON:API 1.1 content negotiation for one request: a body labelled `application/vnd.api+json` with
 * any parameter but `ext` or `profile` is a 415; an `Accept` whose JSON:API media types all carry
 * such a parameter is a 406 (one plain instance, or any other acceptable type, is enough).
 *
 * @example
 * negotiationError({ accept: 'application/vnd.api+json; version=2' }); // ApiError 406
 */
export function negotiationError(headers: RequestContext['headers']): ApiError | null {
  const type = headers['content-type'];
  if (typeof type === 'string' && type.toLowerCase().startsWith(JSON_API_MEDIA_TYPE)) {
    let parameters: string[];
    try {
      parameters = Object.keys(contentType.parse(type).parameters).filter((name) => !ALLOWED_PARAMETERS.has(name));
    } catch {
      parameters = ['(malformed)'];
    }
    if (parameters.length > 0) return new ApiError('RCA_JSONAPI_MEDIA_TYPE', { parameters: parameters.join(', ') });
  }
  const accept = headers.accept;
  if (typeof accept !== 'string') return null;
  const ranges = accept.split(',').filter((range) => range.trim().toLowerCase().startsWith(JSON_API_MEDIA_TYPE));
  if (ranges.length > 0 && ranges.every((range) => foreignParameters(range).length > 0)) return new ApiError('RCA_JSONAPI_NOT_ACCEPTABLE');
  return null;
}

/**
 * JSON:API 1.1 reserves query parameter names made of a-z only: one this server does not implement
 * is a 400 (`sort` and `filter` are checked per action: a route without `@Sortable` or
 * `@Filterable` refuses them). Names with
 * another character (`per_page`) are the implementation's own and pass.
 */
export function reservedParameterError(context: RequestContext): ApiError | null {
  const { include, jsonp } = context.app.config;
  const known = new Set([include.key, include.excludeKey, jsonp.param, 'page', 'fields', SORT_PARAMETER, FILTER_PARAMETER]);
  for (const name of new Set(context.query.keys())) {
    const family = name.split('[')[0];
    if (!/^[a-z]+$/.test(family) || known.has(family)) continue;
    return new ApiError('RCA_JSONAPI_PARAMETER', { parameter: family.slice(0, 40) });
  }
  return null;
}
