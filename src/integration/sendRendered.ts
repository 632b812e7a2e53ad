import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';
import type { RenderedResponse } from '../response/RenderedResponse';

const EMPTY_STATUSES = new Set([204, 304]);

/** Writes a rendered response with Node's own response object (Express). */
export function sendNode(res: ServerResponse, rendered: RenderedResponse): void {
  res.statusCode = rendered.status;
  for (const [name, value] of Object.entries(rendered.headers)) res.setHeader(name, value);
  if (rendered.body === null || EMPTY_STATUSES.has(rendered.status)) {
    res.end();
    return;
  }
  res.setHeader('content-length', Buffer.byteLength(rendered.body));
  res.end(rendered.body);
}

/** Sets a rendered response on a Koa context; Koa writes it. */
export function sendKoa(ctx: Context, rendered: RenderedResponse): void {
  ctx.status = rendered.status;
  for (const [name, value] of Object.entries(rendered.headers)) ctx.set(name, value);
  // An empty string keeps a non-empty status (Koa would turn a null body into 204).
  ctx.body = rendered.body ?? (EMPTY_STATUSES.has(rendered.status) ? null : '');
}
