import { getMetadataArgsStorage, RoutingControllersOptions } from 'routing-controllers';
import { IRoute, parseRoutes } from 'routing-controllers-openapi';

/**
 * The routes of an app's controllers (routing-controllers' metadata, read by
 * routing-controllers-openapi): all registered ones, or those of the controller classes `routing` lists.
 *
 * @example
 * appRoutes({ controllers: [BooksController], routePrefix: '' }).map(openApiPath); // ['/v1/books', '/v1/books/{id}', ...]
 */
export function appRoutes(routing: Pick<RoutingControllersOptions, 'controllers' | 'routePrefix'> = {}): IRoute[] {
  const controllers = Array.isArray(routing.controllers) ? (routing.controllers as unknown[]).filter((c) => typeof c === 'function') : null;
  return parseRoutes(getMetadataArgsStorage(), { routePrefix: routing.routePrefix }).filter(
    (route) => !controllers || controllers.includes(route.controller.target),
  );
}

/**
 * A route's path as the document and the route table write it: `/v1/books/{id}`, without the
 * trailing slash routing-controllers keeps for `@Get('/')`.
 *
 * @example
 * openApiPath(route); // '/v1/books/{id}' for @JsonController('/v1/books') @Get('/:id')
 */
export function openApiPath(route: IRoute): string {
  const path = `${route.options.routePrefix ?? ''}${route.controller.route ?? ''}${typeof route.action.route === 'string' ? route.action.route : ''}`
    .replace(/:(\w+)(\([^)]*\))?\??/g, '{$1}')
    .replace(/\/+$/, '');
  return path === '' ? '/' : path;
}
