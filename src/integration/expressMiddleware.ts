import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createContext } from '../context/createContext';
import { AppState, requestStorage, RequestContext } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import { observeResponse } from './observeResponse';
import { NO_BODY, readRequestBody } from './bodyPolicy';
import { CONTEXT } from './contextKey';
import { connectionOf } from '../context/internalOrigin';
import { assertAcceptable, closedEarly } from './requestLifecycle';
import { renderError } from './renderError';
import { sendNode } from './sendRendered';
import { unmatchedRoute } from './unmatchedRoute';
import type { ErrorListener } from '../context/RequestContext';

type WithContext = Request & { [CONTEXT]?: RequestContext };

function contextOf(req: WithContext, res: Response, app: AppState): RequestContext {
  if (req[CONTEXT]) return req[CONTEXT];
  req[CONTEXT] = createContext(app, {
    method: req.method,
    url: req.originalUrl ?? req.url,
    headers: req.headers,
    host: req.headers.host,
    ...connectionOf(req),
    body: (): unknown => req.body,
    signal: closedEarly(res),
  });
  observeResponse(res, req[CONTEXT], app.logger);
  return req[CONTEXT];
}

/** First middleware: gives the request its context; a malformed Host goes no further. */
export function expressContext(app: AppState): RequestHandler {
  return (req, res, next) => {
    const context = contextOf(req, res, app);
    requestStorage.run(context, () => {
      try {
        assertAcceptable(context);
      } catch (error) {
        return next(error);
      }
      next();
    });
  };
}

/** Second middleware: the body, read under the one policy of `body.*` (routing-controllers' parsers are off). */
export function expressBody(app: AppState): RequestHandler {
  return (req, res, next) => {
    readRequestBody(req, contextOf(req, res, app)).then((body) => {
      if (body !== NO_BODY) req.body = body;
      next();
    }, next);
  };
}

/** After every route: nothing answered, so the method is not allowed here (405) or the route is unknown (404). */
export function expressNotFound(app: AppState): RequestHandler {
  return (req, res, next) => {
    if (res.headersSent || res.writableEnded) return;
    const answer = unmatchedRoute(app, req.method, req.path);
    if (answer instanceof ApiError) next(answer);
    else sendNode(res, answer);
  };
}

/** The last middleware: every error, from actions, middlewares or body parsing, as the documented body. */
export function expressErrors(app: AppState, onError: ErrorListener): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const context = contextOf(req, res, app);
    renderError(error, context)
      .then((rendered) => {
        onError(error, rendered.status);
        if (res.headersSent) res.end();
        else sendNode(res, rendered);
      })
      .catch(() => {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  };
}
