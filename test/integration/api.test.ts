import { expect } from 'chai';
import express from 'express';
import http from 'node:http';
import { Api, ApiError, InternalHttpError } from '../../src';
import { slowChainCalls, slowChainMoved, slowChainsEnded } from '../fixture/apiControllers';
import { eachFramework, FRAMEWORKS, startFixture } from '../fixture/app';
import { rejection } from '../fixture/rejection';
import { Book } from '../../example/models';

eachFramework('Api: internal requests', (app) => {
  const api = () => new Api().forApp(app().app);

  it('get() resolves with the parsed body, with the query sent', async () => {
    expect(await api().get('/echo', { a: 1, list: ['x', 'y'] })).to.deep.equal({ method: 'GET', query: { a: '1', list: 'y' }, body: null, content_type: null });
    expect(await api().get<{ id: number }>('/v1/books/1')).to.include({ id: 1, title: 'The Hidden Proof 1' });
  });

  for (const verb of ['post', 'put', 'patch'] as const) {
    it(`${verb}() sends a JSON body`, async () => {
      expect(await api()[verb]('/echo', { title: 'T' })).to.deep.equal({
        method: verb.toUpperCase(),
        query: {},
        body: { title: 'T' },
        content_type: 'application/json',
      });
    });
  }

  it('delete() and head()', async () => {
    expect(await api().delete('/echo')).to.include({ method: 'DELETE' });
    expect(await api().head('/echo')).to.equal(null);
  });

  it('rejects a 4xx/5xx with InternalHttpError carrying status, headers and body', async () => {
    const missing = await rejection(api().get('/v1/books/9999'));
    expect(missing).to.be.instanceOf(InternalHttpError);
    expect(missing.status).to.equal(404);
    expect(missing.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(missing.body.error.code).to.equal(404);
    const invalid = await rejection(api().post('/v1/books', { title: 'x' }));
    expect([invalid.status, Object.keys(invalid.body.error.message)]).to.deep.equal([422, ['title', 'author_id']]);
  });

  it('writes through the app: post() creates a row, a failed one writes nothing', async () => {
    const before = await Book.count();
    const created = await api().post<{ id: number }>('/v1/books', { title: 'Internal', author_id: 1 });
    expect(await Book.count()).to.equal(before + 1);
    await Book.destroy({ where: { id: created.id } });
    await rejection(api().post('/v1/books', { title: '' }));
    expect(await Book.count()).to.equal(before);
  });

  it('request() answers any status without throwing', async () => {
    const response = await api().request({ method: 'GET', url: '/v1/books/9999' });
    expect(response.status).to.equal(404);
    expect((response.body as { error: { code: number } }).error.code).to.equal(404);
    expect(response.headers['content-type']).to.equal('application/json; charset=utf-8');
  });

  it('invoke() reaches a route in process; an absolute URL must be an internal domain', async () => {
    expect(await api().invoke('/echo', 'get', { q: 1 })).to.include({ method: 'GET' });
    expect(await api().invoke('/echo', 'POST', { q: 1 })).to.deep.include({ method: 'POST', body: { q: 1 } });
    const refused = await rejection(api().invoke('http://elsewhere.test/echo', 'GET'));
    expect(refused).to.be.instanceOf(ApiError).with.property('code', 'RCA_INTERNAL_HOST_UNKNOWN');
  });

  it('the static API facade works inside a request', async () => {
    const res = await app().get('/echo/facade?z=9');
    expect(res.body.via_facade).to.deep.include({ method: 'GET', query: { z: '9' } });
  });

  it('createResponse() builds { status, code, message, data } with the HTTP status', async () => {
    const cases: Array<[string, number, unknown]> = [
      ['entries', 200, { status: 'success', code: 200, message: 'OK', data: [{ id: 1 }, { id: 2 }] }],
      ['entry', 200, { status: 'success', code: 200, message: 'OK', data: { id: 1, title: 'One' } }],
      ['errors', 400, { status: 'error', code: 400, message: 'Invalid', data: { errors: { title: ['required'] } } }],
      ['created', 201, { status: 'success', code: 201, message: 'Created', data: { id: 9, title: 'Nine' } }],
      ['missing', 404, { status: 'error', code: 404, message: 'Book not found' }],
      ['empty', 200, { status: 'success', code: 200, message: 'OK' }],
    ];
    for (const [kind, status, body] of cases) {
      const res = await app().get(`/iso/create-response/${kind}`);
      expect([res.status, res.body], kind).to.deep.equal([status, body]);
    }
    const none = await app().get('/iso/create-response/none');
    expect([none.status, none.text]).to.deep.equal([204, '']);
  });
});

eachFramework(
  'Api: isolation of internal requests',
  (app) => {
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'x-secret': `secret-${token}`, cookie: `session=${token}` });

    function checkChain(body: any, token: string, depth: number): void {
      expect(body.token, `token at depth ${depth}`).to.equal(token);
      expect(body.depth).to.equal(depth);
      expect(body.intact, `context intact at depth ${depth}`).to.equal(true);
      expect(body.path).to.equal(`/iso/level/${token}/${depth}`);
      expect(body.authorization).to.equal(`Bearer ${token}`);
      if (depth > 1) {
        expect(body.secret, 'x-secret is not forwarded').to.equal(null);
        expect(body.query).to.equal(`${token}-${depth}`);
      }
      if (depth < 3) checkChain(body.inner, token, depth + 1);
      else expect(body.inner).to.equal(null);
    }

    it('forwards only internal.forwardHeaders, and the outer context is intact afterwards', async () => {
      const res = await app().get('/iso/level/solo/1?q=top', { headers: headers('solo') });
      expect(res.body.secret).to.equal('secret-solo');
      expect(res.body.query).to.equal('top');
      checkChain(res.body, 'solo', 1);
    });

    it('keeps the outer context when the inner request fails', async () => {
      const res = await app().get('/iso/fail/t1');
      expect(res.body).to.deep.equal({ status: 500, body: { error: { code: 500, message: 'Internal Server Error' } }, intact: true });
    });

    it('200 concurrent requests, each 3 levels of internal calls deep, among real traffic: every answer is its own', async () => {
      const nested = Array.from({ length: 200 }, (_, i) => `n${i}`).map(async (token) => {
        const res = await app().get(`/iso/level/${token}/1`, { headers: headers(token) });
        checkChain(res.body, token, 1);
      });
      const direct = Array.from({ length: 200 }, (_, i) => `d${i}`).map(async (token) => {
        const res = await app().get(`/iso/level/${token}/3`, { headers: headers(token) });
        expect([res.body.token, res.body.secret, res.body.authorization]).to.deep.equal([token, `secret-${token}`, `Bearer ${token}`]);
      });
      await Promise.all([...nested, ...direct]);
    });

    it('leaves on the request and response what real traffic gets from the routing (params, route, locals)', async () => {
      const internal = await new Api().forApp(app().app).get('/iso/routing-fields/7');
      const real = (await app().get('/iso/routing-fields/7')).body;
      expect(internal).to.deep.equal(real);
      if (app().framework === 'express') expect(real).to.deep.equal({ params: { id: '7' }, route: '/iso/routing-fields/:id', started: true, locals: [] });
    });

    it("leaves Express's shared request and response prototypes untouched", () => {
      expect(Object.getPrototypeOf(express.request)).to.equal(http.IncomingMessage.prototype);
      expect(Object.getPrototypeOf(express.response)).to.equal(http.ServerResponse.prototype);
    });

    it('sets the Host of an internal domain for invoke()', async () => {
      const res = await app().get('/iso/call/invoke?target=http://books.internal/iso/host');
      expect(res.body).to.deep.equal({ ok: true, body: { host: 'books.internal' } });
    });
  },
  { internal: { domains: ['books.internal'] } },
);

eachFramework(
  'Api: internal.maxDepth and clients that leave',
  (app) => {
    it('a route that calls itself stops at internal.maxDepth with a 508 Loop Detected, and the app keeps serving', async () => {
      const res = await app().get('/iso/recurse');
      expect([res.status, res.body]).to.deep.equal([508, { error: { code: 508, message: 'Loop Detected' } }]);
      const refused = app().errors.find((e) => (e as ApiError).code === 'RCA_INTERNAL_LOOP') as ApiError;
      expect(refused.message).to.match(/nested 4 deep, beyond internal.maxDepth \(3\), at GET \/iso\/recurse/);
      expect((await app().get('/v1/books/1')).status).to.equal(200);
    });

    it('carries the depth into each inner request; maxDepth levels are served', async () => {
      expect((await app().get('/iso/depth/0')).body).to.deep.equal({ depth: 0 });
      expect((await app().get('/iso/depth/3')).body).to.deep.equal({ depth: 3 });
      expect((await app().get('/iso/depth/4')).status).to.equal(508);
    });

    it('abandons the pending internal calls of a client that disconnects', async () => {
      const token = `${app().framework}-gone`;
      const controller = new AbortController();
      const request = fetch(`${app().url}/iso/slow-chain/${token}/10`, { signal: controller.signal }).catch((error) => error);
      await slowChainMoved.until(() => slowChainCalls[token]?.length);
      controller.abort();
      await request;
      // Ten steps would take a second; the chain must stop at the step under way when the client left.
      await slowChainMoved.until(() => slowChainsEnded.has(token));
      expect(slowChainCalls[token].length).to.be.within(1, 3);
      const complete = await app().get(`/iso/slow-chain/${app().framework}-stays/3`);
      expect(complete.body.calls).to.deep.equal(['step 0', 'step 1', 'step 2']);
    });
  },
  { internal: { maxDepth: 3 } },
);

describe('An Express app wired with useApi() mounted in another', () => {
  it('keeps what the enclosing app put on the request and response', async () => {
    const running = await startFixture('express');
    const parent = express();
    parent.use((_req, res, next) => {
      res.locals.user = 'ann';
      next();
    });
    parent.use('/api', running.app as express.Express);
    const server = http.createServer(parent).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/api/iso/routing-fields/3`);
      expect(await response.json()).to.deep.equal({ params: { id: '3' }, route: '/iso/routing-fields/:id', started: true, locals: ['user'] });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await running.close();
    }
  });
});

describe('Api without a request or a bound app', () => {
  it('with several apps wired in the process (this one has many), an internal call asks for api.forApp(app)', async () => {
    for (const framework of FRAMEWORKS) {
      const running = await startFixture(framework);
      try {
        expect((await rejection(new Api().get('/echo'))).code).to.equal('RCA_API_SEVERAL_APPS');
        expect(await new Api().forApp(running.app).get('/echo')).to.include({ method: 'GET' });
      } finally {
        await running.close();
      }
    }
  });

  it('refuses forApp() of something that is not a useApi() app', () => {
    expect(() => new Api().forApp(express())).to.throw(ApiError, /has no app/);
  });
});
