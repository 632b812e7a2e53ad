import { ApiError } from '../errors/ApiError';

/** A registered route: its HTTP method and its full path pattern (`/v1/books/:id`). */
export interface RouteDefinition {
  readonly name: string;
  readonly method: string;
  readonly path: string;
}

/** The parameters `route()` fills a named route's path with: `route('v1.books.show', { id: 1 })`. */
export type RouteParams = Record<string, string | number | boolean>;

/** A route path split once into literal text and parameters: `/v1/books/:id` is ['/v1/books/', {id}]. */
type Template = Array<string | { param: string; optional: boolean }>;

function compile(path: string): Template {
  const parts: Template = [];
  let last = 0;
  for (const match of path.matchAll(/:(\w+)(\?)?/g)) {
    parts.push(path.slice(last, match.index), { param: match[1], optional: match[2] === '?' });
    last = match.index + match[0].length;
  }
  parts.push(path.slice(last));
  return parts;
}

/**
 * The named routes of one app. Names are derived from the controller's route and the action's
 * method name: `@JsonController('/v1/books')` + `show()` is `v1.books.show`.
 */
export class RouteRegistry {
  private readonly routes = new Map<string, RouteDefinition & { template: Template; optional: boolean }>();
  /** Every registered method and path, named or not: what `Allow` is built from. */
  private readonly endpoints: Array<{ method: string; pattern: RegExp }> = [];

  add(definition: RouteDefinition): void {
    const path = normalizePath(definition.path);
    this.endpoints.push({ method: definition.method.toUpperCase(), pattern: pathPattern(path) });
    // The first registration wins, as routing-controllers serves the first matching route.
    if (this.routes.has(definition.name)) return;
    const template = compile(path);
    // Whether an optional parameter may leave a doubled or trailing slash to normalize: known once, not per link.
    const optional = template.some((part) => typeof part !== 'string' && part.optional);
    this.routes.set(definition.name, Object.freeze({ ...definition, path, template, optional }));
  }

  /**
   * The methods some route answers on `path` (HEAD wherever GET is, OPTIONS wherever anything is),
   * sorted; empty when no route has this path. `ALL` routes allow every method: answers null.
   */
  allowedMethods(path: string): string[] | null {
    const normalized = normalizePath(path);
    const methods = new Set<string>();
    for (const endpoint of this.endpoints) {
      if (!endpoint.pattern.test(normalized)) continue;
      if (endpoint.method === 'ALL') return null;
      methods.add(endpoint.method);
    }
    if (methods.size === 0) return [];
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return [...methods].sort();
  }

  get(name: string): RouteDefinition | undefined {
    const route = this.routes.get(name);
    return route && { name: route.name, method: route.method, path: route.path };
  }

  names(): string[] {
    return [...this.routes.keys()];
  }

  /** Every named route, in registration order. */
  all(): RouteDefinition[] {
    return this.names().map((name) => this.get(name)!);
  }

  /** The path of a named route with its parameters filled in; unused parameters become the query. */
  path(name: string, params: RouteParams = {}): string {
    const route = this.routes.get(name);
    if (!route) throw new ApiError('RCA_ROUTE_NAME_UNKNOWN', { name });
    let path = '';
    let used = 0;
    for (const part of route.template) {
      if (typeof part === 'string') {
        path += part;
        continue;
      }
      const value = params[part.param];
      if (value === undefined || value === null) {
        if (!part.optional) throw new ApiError('RCA_ROUTE_PARAM_MISSING', { name, param: part.param });
        continue;
      }
      used++;
      // An integer's digits need no encoding (most links are `/books/7`).
      path += Number.isSafeInteger(value) ? String(value) : encodeURIComponent(String(value));
    }
    if (route.optional) path = normalizePath(path);
    // Counted, not listed: this runs for every link of every response.
    let given = 0;
    for (const key in params) if (Object.hasOwn(params, key)) given++;
    return used === given ? path : `${path}?${query(params, route.template)}`;
  }
}

/** The parameters a route's path did not use, as a query string. */
function query(params: RouteParams, template: Template): string {
  const inPath = new Set(template.filter((part) => typeof part !== 'string').map((part) => (part as { param: string }).param));
  const rest = Object.entries(params).filter(([key]) => !inPath.has(key));
  return new URLSearchParams(rest.map(([key, value]): [string, string] => [key, String(value)])).toString();
}

/** `v1.books.show` for controller route `/v1/books` and method `show`; parameters are left out. */
export function deriveRouteName(controllerRoute: string | undefined, methodName: string): string {
  const segments = (controllerRoute ?? '').split('/').filter((segment) => segment && !segment.startsWith(':'));
  return [...segments, methodName].join('.');
}

/** `/v1/books/:id` as a RegExp matching `/v1/books/7`; an optional `/:id?` may be left out. */
function pathPattern(path: string): RegExp {
  let source = '';
  let last = 0;
  for (const match of path.matchAll(/\/:(\w+)(\?)?/g)) {
    source += escapeRegExp(path.slice(last, match.index)) + (match[2] ? '(?:/[^/]+)?' : '/[^/]+');
    last = match.index + match[0].length;
  }
  return new RegExp(`^${source}${escapeRegExp(path.slice(last))}/?$`, 'i');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One slash between segments, none at the end (`@Get('/')` in `/v1/books` is `/v1/books`). */
function normalizePath(path: string): string {
  return path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1') || '/';
}
