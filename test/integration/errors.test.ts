import http from 'node:http';
import { expect } from 'chai';
import { eachFramework } from '../fixture/app';
import { Book } from '../../example/models';

eachFramework('errors thrown anywhere', (app) => {
  it('answers an unknown route with a JSON 404', async () => {
    const res = await app().get('/no/such/route');
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal({ error: { code: 404, message: 'No route matches GET /no/such/route' } });
  });

  it('answers a malformed JSON body with a 400 and writes nothing', async () => {
    const before = await Book.count();
    const res = await app().post('/v1/books', '{"title": "Broken",');
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal({ error: { code: 400, message: 'The request body is not valid JSON' } });
    expect(await Book.count()).to.equal(before);
  });

  it('answers failed validation with 422 and field messages, and writes nothing', async () => {
    const before = await Book.count();
    const res = await app().post('/v1/books', { title: 'x', author_id: 'one' });
    expect(res.status).to.equal(422);
    expect(res.body.error.code).to.equal(422);
    expect(res.body.error.message).to.have.keys('title', 'author_id');
    expect(res.body.error.message.title).to.deep.equal(['title must be longer than or equal to 2 characters']);
    expect(await Book.count()).to.equal(before);
  });

  it('creates with 201 and a Location header when the body is valid', async () => {
    const res = await app().post('/v1/books', { title: 'Fresh', author_id: 2 });
    try {
      expect(res.status).to.equal(201);
      expect(res.headers.get('location')).to.equal(`${app().url}/v1/books/${res.body.id}`);
      expect(res.body).to.include({ title: 'Fresh', author_id: 2 });
    } finally {
      await Book.destroy({ where: { id: res.body.id } });
    }
  });

  it('answers an HTTP error thrown by an action with its status and message', async () => {
    const res = await app().get('/r/throw/http');
    expect([res.status, res.body]).to.deep.equal([403, { error: { code: 403, message: 'No entry' } }]);
  });

  it('answers an error thrown by a middleware the same way', async () => {
    const res = await app().get('/r/middleware');
    expect([res.status, res.body]).to.deep.equal([403, { error: { code: 403, message: 'Denied by middleware' } }]);
  });

  it('answers a missing record (EmptyResultError) with 404', async () => {
    const res = await app().get('/v1/books/9999');
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal(404);
  });

  it('answers a unique violation with 409', async () => {
    const res = await app().get('/r/throw/unique');
    expect(res.status).to.equal(409);
    expect(res.body).to.deep.equal({ error: { code: 409, message: { email: ['has already been taken'] } } });
  });

  for (const kind of ['internal', 'sql', 'string']) {
    it(`shows nothing internal for a ${kind} error: no message, no SQL, no stack`, async () => {
      const res = await app().get(`/r/throw/${kind}`);
      expect(res.status).to.equal(500);
      expect(res.body).to.deep.equal({ error: { code: 500, message: 'Internal Server Error' } });
      expect(res.text).not.to.match(/SELECT|s3cr3t|no_such_table|at .*\.ts/);
    });
  }
});

eachFramework(
  'errors with debug on',
  (app) => {
    it('adds a debug block with class, file, line, trace and the request id, and the 5xx message', async () => {
      const res = await app().get('/r/throw/internal');
      expect(res.body.error).to.deep.equal({ code: 500, message: 'internal detail: SELECT * FROM users' });
      expect(res.body.debug).to.have.keys('class', 'file', 'line', 'trace', 'request_id');
      expect(res.body.debug.request_id).to.equal(res.headers.get('x-request-id'));
      expect(res.body.debug.class).to.equal('Error');
      expect(res.body.debug.file).to.match(/controllers\.ts$/);
      expect(res.body.debug.line).to.be.a('number');
      expect(res.body.debug.trace).to.be.an('array').that.is.not.empty;
    });

    it('never shows SQL text or its parameters', async () => {
      const res = await app().get('/r/throw/sql');
      expect(res.status).to.equal(500);
      expect(res.text).not.to.match(/secret_column|s3cr3t/);
    });
  },
  { debug: true },
);

/** node:http, for the methods fetch() refuses to send (TRACE). */
function rawRequest(base: string, method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk) => (text += chunk))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject).end();
  });
}

eachFramework('methods no route serves on a known path', (app) => {
  it('answer 405 with Allow and the documented body, identically on both frameworks', async () => {
    for (const method of ['PUT', 'PATCH', 'TRACE']) {
      const res = await rawRequest(app().url, method, '/v1/books/1');
      expect([res.status, res.headers.allow], method).to.deep.equal([405, 'GET, HEAD, OPTIONS']);
      expect(JSON.parse(res.text)).to.deep.equal({ error: { code: 405, message: `${method} is not allowed on /v1/books/1; allowed: GET, HEAD, OPTIONS` } });
    }
  });

  it('OPTIONS on a known path is a 204 listing the methods; on an unknown path a 404', async () => {
    const known = await app().get('/v1/books/1', { method: 'OPTIONS' });
    expect([known.status, known.headers.get('allow'), known.text]).to.deep.equal([204, 'GET, HEAD, OPTIONS', '']);
    const unknown = await app().get('/nowhere/at/all', { method: 'OPTIONS' });
    expect([unknown.status, unknown.body.error.code]).to.deep.equal([404, 404]);
    const deleted = await app().get('/nowhere/at/all', { method: 'DELETE' });
    expect(deleted.status).to.equal(404);
  });
});
