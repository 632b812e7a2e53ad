import { expect } from 'chai';
import type { ApiLogger, RequestLogRecord } from '../../src';
import { FRAMEWORKS, RunningApp, startFixture } from '../fixture/app';
import { Signal } from '../fixture/signal';
import { startUpstream, Upstream } from '../fixture/upstream';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A pino-shaped logger that keeps what it is given. */
function memoryLogger(): ApiLogger & { lines: RequestLogRecord[]; errors: object[]; written: Signal } {
  const lines: RequestLogRecord[] = [];
  const errors: object[] = [];
  const written = new Signal();
  return {
    lines,
    errors,
    written,
    info: (record) => (lines.push(record as RequestLogRecord), written.notify()),
    error: (record) => (errors.push(record), written.notify()),
  };
}

/** The log lines of one client request and its internal calls, once the last has been written. */
async function linesOf(logger: ReturnType<typeof memoryLogger>, id: string, count: number): Promise<RequestLogRecord[]> {
  await logger.written.until(() => logger.lines.filter((line) => line.request_id.startsWith(id)).length >= count);
  return logger.lines.filter((line) => line.request_id === id || line.request_id.startsWith(`${id}.`));
}

for (const framework of FRAMEWORKS) {
  describe(`X-Request-Id and the request log [${framework}]`, () => {
    let app: RunningApp;
    let trusting: RunningApp;
    let upstream: Upstream;
    const logger = memoryLogger();

    before(async () => {
      upstream = await startUpstream();
      app = await startFixture(framework, { remote: { allowedHosts: [upstream.host] }, jsonp: { enabled: true } }, { logger });
      trusting = await startFixture(framework, { requestId: { trust: true } });
    });
    after(async () => {
      await app.close();
      await trusting.close();
      await upstream.close();
    });

    it('answers every response with an id of its own: success, unknown route, refused query, error thrown', async () => {
      const answers = await Promise.all(['/iso/host', '/nope', '/iso/host?callback=1x', '/r/throw/internal'].map((path) => app.get(path)));
      expect(answers.map((a) => a.status)).to.deep.equal([200, 404, 400, 500]);
      const ids = answers.map((a) => a.headers.get('x-request-id'));
      for (const id of ids) expect(id).to.match(UUID);
      expect(new Set(ids).size).to.equal(4);
    });

    it("ignores a caller's id unless told to trust it (requestId.trust or trustProxy), and replaces a malformed one", async () => {
      const given = { headers: { 'x-request-id': 'edge-7f3a.1' } };
      expect((await app.get('/iso/host', given)).headers.get('x-request-id')).to.match(UUID);
      expect((await trusting.get('/iso/host', given)).headers.get('x-request-id')).to.equal('edge-7f3a.1');
      for (const bad of ['has space', 'x'.repeat(129), 'quote"d', '']) {
        const id = (await trusting.get('/iso/host', { headers: { 'x-request-id': bad } })).headers.get('x-request-id');
        expect(id, bad).to.match(UUID);
      }
    });

    it("gives each internal call its caller's id with a child suffix, two levels deep, and logs a line per request", async () => {
      const response = await app.get('/iso/depth/2');
      expect(response.status).to.equal(200);
      const id = response.headers.get('x-request-id')!;
      const lines = await linesOf(logger, id, 3);
      const byId = Object.fromEntries(lines.map((line) => [line.request_id, line]));
      expect(Object.keys(byId).sort()).to.deep.equal([id, `${id}.1`, `${id}.1.1`]);
      expect(byId[id]).to.include({ method: 'GET', route: '/iso/depth/:levels', status: 200, depth: 0, statements: 0 });
      expect(byId[id]).not.to.have.property('parent_id');
      expect(byId[`${id}.1`]).to.include({ parent_id: id, depth: 1, route: '/iso/depth/:levels' });
      expect(byId[`${id}.1.1`]).to.include({ parent_id: `${id}.1`, depth: 2 });
      for (const line of lines) expect(line.duration_ms).to.be.a('number').and.at.least(0);
      // The outer request lasts at least as long as the call it waited for.
      expect(byId[id].duration_ms).to.be.at.least(byId[`${id}.1`].duration_ms - 0.5);
    });

    it('numbers the calls of one request in order: .1, .2', async () => {
      const response = await app.get('/iso/fail/t1');
      const id = response.headers.get('x-request-id')!;
      const lines = await linesOf(logger, id, 2);
      expect(lines.map((line) => line.request_id).sort()).to.deep.equal([id, `${id}.1`]);
      expect(lines.find((line) => line.request_id === `${id}.1`)).to.include({ status: 500, route: '/r/throw/:kind' });
    });

    it("sends the caller's id to a remote upstream", async () => {
      const response = await app.get(`/iso/remote?target=${encodeURIComponent(`${upstream.url}/echo`)}`);
      expect(response.status).to.equal(200);
      // Keys of the body are converted to snake case on their way back.
      expect(response.body.body.headers.x_request_id).to.equal(response.headers.get('x-request-id'));
    });

    it('logs a 5xx error with its request id to the logger by default, not to the console', async () => {
      const errorLogger = memoryLogger();
      const plain = await startFixture(framework, {}, { logger: errorLogger, onError: undefined });
      try {
        const response = await plain.get('/r/throw/internal');
        expect(response.status).to.equal(500);
        const record = errorLogger.errors[0] as { request_id?: string; status?: number; err?: unknown };
        expect(record).to.include({ request_id: response.headers.get('x-request-id'), status: 500 });
        expect(record.err).to.be.instanceOf(Error);
      } finally {
        await plain.close();
      }
    });
  });
}
