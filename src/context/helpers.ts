import { requestStorage, RequestContext } from './RequestContext';

function context(): RequestContext | undefined {
  return requestStorage.getStore();
}

function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * True when the current request is served by Express (the original's `is_laravel()`).
 *
 * @example
 * if (isExpress()) console.log('served by express');
 */
export function isExpress(): boolean {
  return context()?.app.framework === 'express';
}

/**
 * True when the current request is served by Koa (the original's `is_lumen()`).
 *
 * @example
 * if (isKoa()) console.log('served by koa');
 */
export function isKoa(): boolean {
  return context()?.app.framework === 'koa';
}

/**
 * True when the request targets the API: its path matches `endpoint.pattern` (`*` matches
 * anything), or its host starts with `endpoint.domain`, or it says `X-Requested-With: XMLHttpRequest`.
 *
 * @example
 * isApiRequest(); // true for GET /v1/books with the default pattern 'v1/*'
 */
export function isApiRequest(): boolean {
  const ctx = context();
  if (!ctx) return false;
  const { pattern, domain } = ctx.app.config.endpoint;
  if (pattern && patternToRegExp(pattern).test(ctx.path.replace(/^\/+/, ''))) return true;
  if (domain && ctx.host.startsWith(domain)) return true;
  return header(ctx, 'x-requested-with')?.toLowerCase() === 'xmlhttprequest';
}

/**
 * True for PUT and PATCH, also when a POST says so through `_method` (query or body) or `X-HTTP-Method-Override`.
 *
 * @example
 * isUpdateRequest(); // true for PUT /v1/books/1
 */
export function isUpdateRequest(): boolean {
  const method = effectiveMethod();
  return method === 'PUT' || method === 'PATCH';
}

/**
 * True for DELETE, also when a POST says so through `_method` or `X-HTTP-Method-Override`.
 *
 * @example
 * isDeleteRequest(); // true for DELETE /v1/books/1
 */
export function isDeleteRequest(): boolean {
  return effectiveMethod() === 'DELETE';
}

/** The method a POST stands for: `X-HTTP-Method-Override`, else `_method` in the query, else in the body. */
function effectiveMethod(): string | undefined {
  const ctx = context();
  if (!ctx) return undefined;
  if (ctx.method !== 'POST') return ctx.method;
  const body = ctx.body() as { _method?: unknown } | undefined;
  const override = header(ctx, 'x-http-method-override') ?? ctx.query.get('_method') ?? (typeof body?._method === 'string' ? body._method : undefined);
  return (override ?? ctx.method).toUpperCase();
}

const patternCache = new Map<string, RegExp>();

function patternToRegExp(pattern: string): RegExp {
  let regexp = patternCache.get(pattern);
  if (!regexp) {
    const body = pattern
      .replace(/^\/+/, '')
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    regexp = new RegExp(`^${body}$`);
    patternCache.set(pattern, regexp);
  }
  return regexp;
}
