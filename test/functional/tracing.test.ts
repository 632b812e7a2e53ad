import { expect } from 'chai';
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, ReadableSpan, SimpleSpanProcessor, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startFixture } from '../fixture/app';
import { Signal } from '../fixture/signal';
import { startUpstream } from '../fixture/upstream';
import { onBothFrameworks } from './exampleServer';
import { exampleQueries } from '../fixture/database';

const exporter = new InMemorySpanExporter();
/** Notified each time a span ends (after the exporter has it). */
const spanEnded = new Signal();
const endListener: SpanProcessor = {
  onStart: () => undefined,
  onEnd: () => spanEnded.notify(),
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

/** The spans of one trace as an indented outline, children in the order they started. */
function outline(spans: ReadableSpan[], root: ReadableSpan): string[] {
  const children = (span: ReadableSpan) =>
    spans
      .filter((s) => s.parentSpanContext?.spanId === span.spanContext().spanId)
      .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1] || a.name.localeCompare(b.name));
  const lines: string[] = [];
  const walk = (span: ReadableSpan, depth: number) => {
    lines.push(`${'  '.repeat(depth)}${span.name}`);
    for (const child of children(span)) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines;
}

/** The finished root span named `name`, once the response's end has closed it. */
function rootSpan(name: string): Promise<ReadableSpan> {
  return spanEnded.until(() => exporter.getFinishedSpans().find((span) => span.name === name && !span.parentSpanContext));
}

describe('tracing with OpenTelemetry', () => {
  before(() => {
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter), endListener] }));
  });
  after(() => {
    trace.disable();
    exporter.reset();
  });
  beforeEach(() => exporter.reset());

  onBothFrameworks('a composed request', (app) => {
    it('GET /v1/authors/1/profile: a span per request, per internal call and per statement, in one trace', async () => {
      const statements = await exampleQueries(async () => expect((await app().get('/v1/authors/1/profile')).status).to.equal(200));
      const root = await rootSpan('GET /v1/authors/:id/profile');
      const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === root.spanContext().traceId);
      const tree = outline(spans, root);
      // Both calls start before either ends (Promise.all): sorted by start, the first made comes first.
      const expected = [
        'GET /v1/authors/:id/profile',
        '  internal GET /v1/authors/1',
        '    GET /v1/authors/:id',
        '      db SELECT',
        '  internal GET /v1/authors/1/books',
        '    GET /v1/authors/:id/books',
        ...Array.from({ length: statements.length - 1 }, () => '      db SELECT'),
      ];
      expect(tree).to.deep.equal(expected);
      expect(spans).to.have.length(expected.length);
      const inner = spans.find((span) => span.name === 'GET /v1/authors/:id')!;
      expect(inner.attributes).to.include({ 'http.route': '/v1/authors/:id', 'http.response.status_code': 200 });
      expect(spans.find((span) => span.name === 'internal GET /v1/authors/1')!.attributes).to.include({ 'http.response.status_code': 200 });
    });

    it("names a transaction's statements by their kind: db BEGIN, db COMMIT, db ROLLBACK (never the transaction's type)", async () => {
      const book = await app().post('/v1/books', { title: 'Traced genres', author_id: 1, publisher_id: 1 });
      try {
        const kinds = async (status: number, genre: string) => {
          exporter.reset();
          const res = await app().post(`/v1/books/${book.body.id}/relationships/genres`, { data: [{ type: 'genres', id: genre }] });
          expect(res.status).to.equal(status);
          const root = await rootSpan('POST /v1/books/:id/relationships/genres');
          const names = exporter
            .getFinishedSpans()
            .filter((span) => span.spanContext().traceId === root.spanContext().traceId && span.name.startsWith('db '))
            .map((span) => span.name);
          return [names[0], names[names.length - 1], names.some((name) => /DEFERRED|IMMEDIATE|EXCLUSIVE/.test(name))];
        };
        expect(await kinds(204, '2')).to.deep.equal(['db BEGIN', 'db COMMIT', false]);
        expect(await kinds(404, '9999')).to.deep.equal(['db BEGIN', 'db ROLLBACK', false]);
      } finally {
        await app().get(`/v1/books/${book.body.id}`, { method: 'DELETE' });
      }
    });

    it('a span per include level, with its rows and statements', async () => {
      expect((await app().get('/v1/books?per_page=5&include=author.books:limit(2),comments')).status).to.equal(200);
      const root = await rootSpan('GET /v1/books');
      const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === root.spanContext().traceId);
      const includes = spans.filter((span) => span.name.startsWith('include '));
      expect(includes.map((span) => span.name)).to.deep.equal(['include author', 'include author.books', 'include comments']);
      expect(includes[0].attributes).to.include({ 'rca.include.parents': 5, 'rca.include.rows': 5, 'rca.include.statements': 1 });
      // One statement per level, a child of its include.
      for (const include of includes) {
        const own = spans.filter((span) => span.parentSpanContext?.spanId === include.spanContext().spanId);
        expect(
          own.map((span) => span.name),
          include.name,
        ).to.deep.equal(['db SELECT']);
      }
    });
  });

  it("sends the remote call's span as traceparent to the upstream, in the request's trace [express, koa]", async () => {
    const upstream = await startUpstream();
    try {
      for (const framework of ['express', 'koa'] as const) {
        const app = await startFixture(framework, { remote: { allowedHosts: [upstream.host] } });
        try {
          exporter.reset();
          const response = await app.get(`/iso/remote?target=${encodeURIComponent(`${upstream.url}/echo`)}`);
          expect(response.status).to.equal(200);
          const root = await rootSpan('GET /iso/remote');
          const remote = exporter.getFinishedSpans().find((span) => span.name === 'remote GET')!;
          expect(remote.parentSpanContext?.spanId).to.equal(root.spanContext().spanId);
          const seen = upstream.seen[upstream.seen.length - 1].headers.traceparent;
          expect(seen).to.equal(`00-${root.spanContext().traceId}-${remote.spanContext().spanId}-01`);
        } finally {
          await app.close();
        }
      }
    } finally {
      await upstream.close();
    }
  });

  it("continues a caller's traceparent when no HTTP instrumentation made a span", async () => {
    const app = await startFixture('koa');
    try {
      const traceId = '0af7651916cd43dd8448eb211c80319c';
      await app.get('/iso/host', { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
      const span = await spanEnded.until(() => exporter.getFinishedSpans().find((s) => s.name === 'GET /iso/host'));
      expect(span.spanContext().traceId).to.equal(traceId);
      expect(span.parentSpanContext?.spanId).to.equal('b7ad6b7169203331');
    } finally {
      await app.close();
    }
  });
});
