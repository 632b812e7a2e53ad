import { currentContext } from '../context/RequestContext';
import type { RouteParams } from '../routing/RouteRegistry';

/**
 * The absolute URL of a named route, on the scheme and host of the current request.
 *
 * @example
 * route('v1.books.show', { id: 7 }); // 'http://localhost:3000/v1/books/7'
 */
export function route(name: string, params: RouteParams = {}): string {
  const context = currentContext('route()');
  return context.origin + context.app.routes.path(name, params);
}
