import type { Context, Middleware } from 'koa';
import { createContext } from '../context/createContext';
import { AppState, requestStorage, RequestContext } from '../context/RequestContext';
import { observedHeaders, observeResponse } from './observeResponse';
import type { RenderedResponse } from '../response/RenderedResponse';
import { NO_BODY, readRequestBody } from './bodyPolicy';
import { CONTEXT } from './contextKey';
import { connectionOf } from '../context/internalOrigin';
import { assertAcceptable, closedEarly } from './requestLifecycle';
import { renderError } from './renderError';
import { sendKoa } from './sendRendered';
import { unmatchedRoute } from './unmatchedRoute';
import type { ErrorListener } from '../context/RequestContext';

/** An error status a middleware of the app's own set without a body. */
class StatusOnly extends Error {
  constructor(readonly status: number) {
    super('');
  }
}

/** No route answered: a 405 or 404 to throw, an OPTIONS answer to send, or nothing to do. */
function unanswered(ctx: Context, app: AppState): Error | RenderedResponse | undefined {
  if (ctx.body !== undefined && ctx.body !== null) return undefined;
  if (ctx.status === 404) return unmatchedRoute(app, ctx.method, ctx.path);
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
      host: ctx.req.headers.host,
      ...connectionOf(ctx.req),
      body: () => (ctx.request as { body?: unknown }).body,
      signal: closedEarly(ctx.res),
    });
    (ctx as Context & { [CONTEXT]: RequestContext })[CONTEXT] = context;
    observeResponse(ctx.res, context, app.logger, false);
    await requestStorage.run(context, async () => {
      try {
        assertAcceptable(context);
        const body = await readRequestBody(ctx.req, context);
        if (body !== NO_BODY) (ctx.request as { body?: unknown }).body = body;
        await next();
        const missing = unanswered(ctx, app);
        if (missing instanceof Error) throw missing;
        if (missing) sendKoa(ctx, missing);
      } catch (error) {
        const rendered = await renderError(error, context);
        onError(error, rendered.status);
        sendKoa(ctx, rendered);
      }
      // Koa writes the answer once this first middleware returns: the headers that need its end go now.
      if (!ctx.headerSent)
        observedHeaders(
          context,
          (name) => ctx.res.getHeader(name),
          (name, value) => ctx.set(name, value),
        );
    });
  };
}
