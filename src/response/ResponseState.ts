import type { ResponseBody } from './render';

/**
 * What a response builder holds before it renders: status, headers, meta, body, whether JSONP may
 * wrap it, the error it reports; and the setters every builder has. The base of `ApiResponse`.
 *
 * @example
 * json().setStatusCode(202).setHeaders({ 'Retry-After': 5 }).setMeta({ queued: true });
 */
export abstract class ResponseState {
  protected status = 200;
  protected headers: Record<string, string> = {};
  protected meta: Record<string, unknown> | null = null;
  protected body: ResponseBody = { kind: 'payload', payload: {} };
  protected renderJsonp = true;
  protected failure?: unknown;

  /** 204, no body. */
  noContent(): this {
    this.status = 204;
    this.body = { kind: 'empty' };
    return this;
  }

  /** 304, no body (a conditional GET whose ETag still holds). */
  notModified(): this {
    this.status = 304;
    this.body = { kind: 'empty' };
    return this;
  }

  /** The status to answer with. */
  setStatusCode(status: number): this {
    this.status = status;
    return this;
  }

  /** Merges headers into those already set. */
  setHeaders(headers: Record<string, string | number>): this {
    for (const [name, value] of Object.entries(headers)) this.headers[name.toLowerCase()] = String(value);
    return this;
  }

  /** Replaces the meta block. */
  setMeta(meta: Record<string, unknown>): this {
    this.meta = { ...meta };
    return this;
  }

  /** Answers in plain JSON even when the request carries a JSONP callback. */
  withoutJsonp(): this {
    this.renderJsonp = false;
    return this;
  }

  /** The error (or message) given to error() or one of its helpers, for logging; undefined when there was none. */
  getError(): unknown {
    return this.failure;
  }

  /** The status the builder will answer with (before `suppressResponseCode`). */
  getStatusCode(): number {
    return this.status;
  }
}
