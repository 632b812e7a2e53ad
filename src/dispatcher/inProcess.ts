import { EventEmitter } from 'node:events';
import http, { IncomingHttpHeaders, IncomingMessage, RequestListener } from 'node:http';
import { INTERNAL_ORIGIN, InternalOrigin } from '../context/internalOrigin';
import type { ApiCallResponse } from './InternalHttpError';

/** One request to hand to an app's listener without a socket. */
export interface InProcessRequest {
  method: string;
  /** Path and query: `/v1/books?page=2`. */
  url: string;
  headers: IncomingHttpHeaders;
  body?: Buffer;
  /**
   * Call depth and the caller's protocol, carried to the inner request's context; `'client'`: not an
   * internal call at all, the request is handled as a client's over a socket would be (the test suite's transport).
   */
  origin?: InternalOrigin | 'client';
  /** The calling request's: when it aborts, the call is abandoned and the inner request sees its client gone. */
  signal?: AbortSignal;
}

/**
 * A socket that never connects: enough for frameworks that read its address, listen to its events
 * (on-finished does) or destroy it. An event emitter, not a stream: nothing is ever read or written.
 */
class DetachedSocket extends EventEmitter {
  readonly remoteAddress = '127.0.0.1';
  readonly remotePort = 0;
  readonly encrypted = false;
  readable = true;
  writable = true;
  destroyed = false;
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  destroy(): this {
    this.destroyed = true;
    return this;
  }
}

/** Node builds the head of a response as one string for the socket; in process nobody reads it. */
function storeHeadOnly(this: { _header: string }, firstLine: string): void {
  this._header = firstLine;
}

function headerValue(value: number | string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * Runs `listener` (an Express app or Koa's `app.callback()`) on a genuine IncomingMessage and
 * ServerResponse, and collects the answer. Output is captured by methods set on the response
 * object itself: frameworks swap the prototype of each request and response (Express does), but
 * no shared prototype is ever touched, so real traffic to the same app is unaffected.
 *
 * @example
 * const { status, body } = await dispatchInProcess(app, { method: 'GET', url: '/v1/books/1', headers: {} });
 */
export function dispatchInProcess(listener: RequestListener, request: InProcessRequest): Promise<ApiCallResponse<Buffer | string>> {
  const socket = new DetachedSocket();
  const req = new http.IncomingMessage(socket as never);
  req.method = request.method;
  req.url = request.url;
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.headers = { ...request.headers };
  if (request.origin !== 'client') {
    (req as IncomingMessage & { [INTERNAL_ORIGIN]?: InternalOrigin })[INTERNAL_ORIGIN] = request.origin ?? { depth: 1, protocol: 'http' };
  }
  const rawHeaders: string[] = [];
  for (const name in req.headers) rawHeaders.push(name, headerValue(req.headers[name]));
  req.rawHeaders = rawHeaders;
  if (request.body && request.body.length > 0) req.push(request.body);
  req.push(null);
  req.complete = true;

  const res = new http.ServerResponse(req);
  // Makes writeHead() merge its headers into getHeaders() (Node keeps them apart otherwise).
  res.setHeader('x-rca-init', '1');
  res.removeHeader('x-rca-init');
  (res as unknown as { _storeHeader: typeof storeHeadOnly })._storeHeader = storeHeadOnly;

  return new Promise((resolveCall, rejectCall) => {
    const { signal } = request;
    const abandon = () => {
      rejectCall(signal!.reason as Error);
      // Not ended: to the inner request, its client has gone.
      if (!res.writableEnded) res.emit('close');
    };
    // The listener goes when the call ends: a batch's calls share their caller's signal.
    const resolve = signal
      ? (response: ApiCallResponse<Buffer | string>) => (signal.removeEventListener('abort', abandon), resolveCall(response))
      : resolveCall;
    const reject = signal ? (error: Error) => (signal.removeEventListener('abort', abandon), rejectCall(error)) : rejectCall;
    // Text stays text (a rendered body is one string): no Buffer in between for the caller to decode.
    const chunks: Array<Buffer | string> = [];
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      // Node drops the body of HEAD, 204 and 304 answers; so does this transport.
      if ((res as unknown as { _hasBody: boolean })._hasBody === false) return;
      const utf8 = typeof chunk === 'string' && (typeof encoding !== 'string' || /^utf-?8$/i.test(encoding));
      chunks.push(utf8 ? chunk : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
    };
    const ensureHead = () => {
      if (!res.headersSent) (res as unknown as { _implicitHeader(): void })._implicitHeader();
    };
    const capture = {
      write(chunk: unknown, encoding?: unknown, done?: unknown): boolean {
        ensureHead();
        collect(chunk, encoding);
        for (const callback of [encoding, done]) if (typeof callback === 'function') process.nextTick(callback);
        return true;
      },
      end(chunk?: unknown, encoding?: unknown, done?: unknown) {
        if (res.writableEnded) return res;
        ensureHead();
        collect(chunk, encoding);
        (res as unknown as { finished: boolean }).finished = true;
        const outgoing = res.getHeaders();
        const headers: Record<string, string> = {};
        for (const name in outgoing) headers[name] = headerValue(outgoing[name]);
        const response = { status: res.statusCode, headers, body: joinChunks(chunks) };
        // Answered on the next tick, as a socket would be: a caller that awaits calls in a loop keeps the
        // microtask queue busy, and the ticks the request's streams queued would never run until it ends,
        // each call's request and response kept alive meanwhile.
        process.nextTick(() => {
          resolve(response);
          for (const callback of [chunk, encoding, done]) if (typeof callback === 'function') (callback as () => void)();
          res.emit('prefinish');
          res.emit('finish');
          res.emit('close');
          req.emit('close');
        });
        return res;
      },
    };
    Object.assign(res, capture);
    res.once('error', reject);
    if (signal?.aborted) return rejectCall(signal.reason as Error);
    signal?.addEventListener('abort', abandon, { once: true });
    try {
      listener(req, res);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** One string when every chunk was text, else one Buffer. */
function joinChunks(chunks: Array<Buffer | string>): Buffer | string {
  if (chunks.every((chunk) => typeof chunk === 'string')) return chunks.length === 1 ? chunks[0] : chunks.join('');
  return Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
}
