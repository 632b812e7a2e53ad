import type { Context, Middleware } from 'koa';
import { createContext } from '../context/createContext';
import { AppState, requestStorage, RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { CONTEXT } from './contextKey';
import { renderError } from './renderError';
import { sendKoa } from './sendRendered';
import type { ErrorListener } from './useApi';

/** An error status a middleware set without a body (e.g. the router's 405). */
class StatusOnly extends Error {
  constructor(readonly status: number) {
    super('');
  }
}

function unanswered(ctx: Context): Error | undefined {
  if (ctx.body !== undefined && ctx.body !== null) return undefined;
  if (ctx.status === 404) return new ApiError('RCA_ROUTE_NOT_FOUND', { method: ctx.method, path: ctx.path.slice(0, 200) });
  return ctx.status >= 400 ? new StatusOnly(ctx.status) : undefined;
}

/**
 * First middleware: gives the request its context, and answers every error below it (actions,
 * middlewares, body parsing, unknown routes) with the documented body.
 */
export function koaContextAndErrors(app: AppState, onError: ErrorListener): Middleware {
  return async (ctx, next) => {
    const context: RequestContext = createContext(app, {
      method: ctx.method,
      url: ctx.originalUrl,
      headers: ctx.headers,
      protocol: ctx.protocol,
      host: ctx.host,
      body: () => (ctx.request as { body?: unknown }).body,
    });
    (ctx as Context & { [CONTEXT]: RequestContext })[CONTEXT] = context;
    await requestStorage.run(context, async () => {
      try {
        await next();
        const missing = unanswered(ctx);
        if (missing) throw missing;
      } catch (error) {
        const rendered = await renderError(error, context);
        onError(error, rendered.status);
        sendKoa(ctx, rendered);
      }
    });
  };
}
