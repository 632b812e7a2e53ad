import { ApiError } from '../errors/ApiError';

/** A registered route: its HTTP method and its full path pattern (`/v1/books/:id`). */
export interface RouteDefinition {
  readonly name: string;
  readonly method: string;
  readonly path: string;
}

export type RouteParams = Record<string, string | number | boolean>;

/**
 * The named routes of one app. Names are derived from the controller's route and the action's
 * method name: `@JsonController('/v1/books')` + `show()` is `v1.books.show`.
 */
export class RouteRegistry {
  private readonly routes = new Map<string, RouteDefinition>();

  add(definition: RouteDefinition): void {
    // The first registration wins, as routing-controllers serves the first matching route.
    if (this.routes.has(definition.name)) return;
    this.routes.set(definition.name, Object.freeze({ ...definition, path: normalizePath(definition.path) }));
  }

  get(name: string): RouteDefinition | undefined {
    return this.routes.get(name);
  }

  names(): string[] {
    return [...this.routes.keys()];
  }

  /** Every named route, in registration order. */
  all(): RouteDefinition[] {
    return [...this.routes.values()];
  }

  /** The path of a named route with its parameters filled in; unused parameters become the query. */
  path(name: string, params: RouteParams = {}): string {
    const route = this.routes.get(name);
    if (!route) throw new ApiError('RCA_ROUTE_NAME_UNKNOWN', { name });
    const rest = new Map(Object.entries(params));
    const path = route.path.replace(/:(\w+)(\?)?/g, (_whole, param: string, optional?: string) => {
      const value = rest.get(param);
      rest.delete(param);
      if (value === undefined || value === null) {
        if (optional) return '';
        throw new ApiError('RCA_ROUTE_PARAM_MISSING', { name, param });
      }
      return encodeURIComponent(String(value));
    });
    const query = new URLSearchParams([...rest].map(([key, value]): [string, string] => [key, String(value)])).toString();
    return normalizePath(path) + (query ? `?${query}` : '');
  }
}

/** `v1.books.show` for controller route `/v1/books` and method `show`; parameters are left out. */
export function deriveRouteName(controllerRoute: string | undefined, methodName: string): string {
  const segments = (controllerRoute ?? '').split('/').filter((segment) => segment && !segment.startsWith(':'));
  return [...segments, methodName].join('.');
}

/** One slash between segments, none at the end (`@Get('/')` in `/v1/books` is `/v1/books`). */
function normalizePath(path: string): string {
  return path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1') || '/';
}
