import type { Response } from 'express';
import type { Context, Middleware } from 'koa';
import { Action, ExpressDriver, KoaDriver } from 'routing-controllers';
import type { RequestContext } from '../context/RequestContext';
import { withApi } from './apiDriver';
import { CONTEXT } from './contextKey';
import { sendKoa, sendNode } from './sendRendered';

type WithContext = { [CONTEXT]: RequestContext };

/** The body was read already, under the body policy: routing-controllers' per-action parsers pass through. */
const passThrough = () => (_req: unknown, _res: unknown, next: () => void) => next();

/** What @koa/router leaves on a routed context. */
type KoaRouted = Context & {
  params?: Record<string, unknown>;
  captures?: string[];
  _matchedRoute?: string;
  matched?: Array<{ path: string; methods: string[]; paramNames: Array<{ name: string | number }> }>;
};

/**
 * The route parameters as Express decodes them: @koa/router turns `+` into a space (a query-string
 * rule, not a path one), so `/v1/books/1e+0` would be `1e 0` on Koa alone. Decoded again from the
 * raw captures of the matched route, in place, once per request.
 */
function decodedKoaParams(ctx: KoaRouted): Record<string, unknown> | undefined {
  const { params, captures, matched } = ctx;
  if (!params || !captures || !matched) return params;
  let route: NonNullable<KoaRouted['matched']>[number] | undefined;
  for (const layer of matched) if (layer.path === ctx._matchedRoute && layer.methods.length > 0) route = layer;
  route?.paramNames.forEach(({ name }, i) => {
    const raw = captures[i];
    if (raw === undefined || !raw.includes('+')) return;
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      params[name] = raw;
    }
  });
  return params;
}

/** routing-controllers' Express driver with this library's context, responses and body policy. */
export class ExpressApiDriver extends withApi(ExpressDriver, {
  contextOf: (action: Action) => (action.request as WithContext)[CONTEXT],
  paramsOf: (action: Action) => (action.request as { params?: Record<string, unknown> }).params,
  send: (action: Action, rendered) => {
    sendNode(action.response as Response, rendered);
    action.next?.();
  },
}) {
  override loadBodyParser() {
    return { json: passThrough, text: passThrough };
  }
}

/** routing-controllers' Koa driver with this library's context, responses, body policy and 405s. */
export class KoaApiDriver extends withApi(KoaDriver, {
  contextOf: (action: Action) => (action.context as WithContext)[CONTEXT],
  paramsOf: (action: Action) => decodedKoaParams(action.context as KoaRouted),
  send: (action: Action, rendered) => {
    sendKoa(action.context as Context, rendered);
    return action.next?.() as unknown;
  },
}) {
  /** As the base, less koa-bodyparser: bodies are read under the body policy. */
  override initialize(): void {
    if (!this.cors) return;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const cors = require('@koa/cors') as (options?: unknown) => Middleware;
    this.koaApp.use(this.cors === true ? cors() : cors(this.cors));
  }

  /** As the base, less the router's allowedMethods(): 405 and OPTIONS are answered as on Express. */
  override registerRoutes(): void {
    this.koaApp.use((this.router as { routes(): Middleware }).routes());
  }

  /** routing-controllers types its Koa app as any. */
  private get koaApp(): { use(middleware: Middleware): unknown } {
    return this.koa as { use(middleware: Middleware): unknown };
  }
}
