import type { AppState } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import type { RenderedResponse } from '../response/RenderedResponse';

/**
 * The answer to a request no route took, the same on both frameworks: `OPTIONS` on a known path is
 * a 204 listing the methods in `Allow`; another method on a known path is a 405 with `Allow`
 * (TRACE and CONNECT included: no route serves them); an unknown path is a 404.
 *
 * @example
 * const answer = unmatchedRoute(app, 'DELETE', '/v1');
 * if (answer instanceof ApiError) throw answer; // 405, Allow: GET, HEAD, OPTIONS
 */
export function unmatchedRoute(app: AppState, method: string, path: string): ApiError | RenderedResponse {
  const allowed = app.routes.allowedMethods(path);
  const shownPath = path.slice(0, 200);
  if (allowed === null || allowed.length === 0) return new ApiError('RCA_ROUTE_NOT_FOUND', { method, path: shownPath });
  const allow = allowed.join(', ');
  if (method === 'OPTIONS') return { status: 204, headers: { allow }, body: null };
  return new ApiError('RCA_METHOD_NOT_ALLOWED', { method: method.slice(0, 20), path: shownPath, allowed: allow }, { responseHeaders: { allow } });
}
