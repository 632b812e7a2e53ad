import type { IncomingHttpHeaders } from 'node:http';

/** The parts of an OpenTelemetry span this library uses (kept local: `@opentelemetry/api` is an optional peer). */
export interface SpanLike {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  updateName(name: string): unknown;
  isRecording(): boolean;
  spanContext(): { traceId: string; spanId: string; traceFlags: number; traceState?: { serialize(): string } };
  end(): void;
}

/** Where a span's parent comes from: a span of ours, or a caller's W3C trace context. */
export type SpanParent = SpanLike | undefined;

type Attributes = Record<string, string | number | boolean>;

interface OtelApi {
  trace: {
    getTracer(name: string): { startSpan(name: string, options: { kind?: number; attributes?: Attributes }, context?: unknown): SpanLike };
    getSpan(context: unknown): SpanLike | undefined;
    setSpan(context: unknown, span: SpanLike): unknown;
    setSpanContext(context: unknown, spanContext: { traceId: string; spanId: string; traceFlags: number; isRemote: boolean }): unknown;
  };
  context: { active(): unknown };
  ROOT_CONTEXT: unknown;
  SpanKind: { SERVER: number; CLIENT: number; INTERNAL: number };
  SpanStatusCode: { ERROR: number };
}

let otel: OtelApi | null | undefined;

/** `@opentelemetry/api` when the app has it installed; null otherwise (tracing is then off, at no cost). */
function otelApi(): OtelApi | null {
  if (otel === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      otel = require('@opentelemetry/api') as OtelApi;
    } catch {
      otel = null;
    }
  }
  return otel;
}

const TRACER_NAME = 'routing-controllers-api';

/** `00-<trace id>-<parent id>-<flags>`, W3C Trace Context. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A caller's W3C trace context, as the parent of a request that no HTTP instrumentation has a span for. */
function remoteParent(api: OtelApi, headers: IncomingHttpHeaders): unknown {
  const active = api.context.active();
  if (api.trace.getSpan(active)) return active;
  const match = typeof headers.traceparent === 'string' ? TRACEPARENT.exec(headers.traceparent) : null;
  if (!match || /^0+$/.test(match[1]) || /^0+$/.test(match[2])) return active;
  return api.trace.setSpanContext(active, { traceId: match[1], spanId: match[2], traceFlags: parseInt(match[3], 16), isRemote: true });
}

/**
 * The span of a request: a child of the internal call that made it, else of the HTTP
 * instrumentation's span or the caller's `traceparent`. Undefined when no tracer provider records
 * (none registered, or the sampler said no): every other span of the request is then skipped.
 */
export function startRequestSpan(method: string, path: string, headers: IncomingHttpHeaders, parent: SpanParent): SpanLike | undefined {
  const api = otelApi();
  if (!api) return undefined;
  const context = parent ? api.trace.setSpan(api.ROOT_CONTEXT, parent) : remoteParent(api, headers);
  const kind = parent ? api.SpanKind.INTERNAL : api.SpanKind.SERVER;
  const span = api.trace
    .getTracer(TRACER_NAME)
    .startSpan(`${method} ${path}`, { kind, attributes: { 'http.request.method': method, 'url.path': path } }, context);
  return span.isRecording() ? span : undefined;
}

/** A child of `parent` (when there is one: tracing is on for the request). */
export function startChildSpan(parent: SpanParent, name: string, attributes: Attributes, client = false): SpanLike | undefined {
  const api = otelApi();
  if (!api || !parent) return undefined;
  const kind = client ? api.SpanKind.CLIENT : api.SpanKind.INTERNAL;
  return api.trace.getTracer(TRACER_NAME).startSpan(name, { kind, attributes }, api.trace.setSpan(api.ROOT_CONTEXT, parent));
}

/** Ends a span with the status an HTTP answer gives it (5xx: error). */
export function endWithStatus(span: SpanLike | undefined, status: number): void {
  if (!span) return;
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) span.setStatus({ code: otelApi()!.SpanStatusCode.ERROR });
  span.end();
}

/** The W3C headers that make an upstream's spans children of `span`: `traceparent` (and `tracestate`). */
export function traceHeaders(span: SpanLike | undefined): Record<string, string> {
  if (!span) return {};
  const { traceId, spanId, traceFlags, traceState } = span.spanContext();
  const headers: Record<string, string> = { traceparent: `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}` };
  const state = traceState?.serialize();
  if (state) headers.tracestate = state;
  return headers;
}
