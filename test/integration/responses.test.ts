import { expect } from 'chai';
import { eachFramework } from '../fixture/app';

eachFramework('ApiResponse builder', (app) => {
  it('json(payload) responds with converted keys and dates', async () => {
    const res = await app().get('/r/respond');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(res.body).to.deep.equal({ some_key: 'v', nested: { inner_key: [{ deep_key: 1 }] }, when: '1970-01-01T00:00:00.000Z', path: 'a/b', word: 'café' });
  });

  it('a @QueryParams() class is validated, and the library parameters beside its fields are dropped from it, not refused', async () => {
    const res = await app().get('/r/search?q=dune&include=author&page=2&callback_name=x');
    expect([res.status, res.body]).to.deep.equal([200, { q: 'dune', keys: ['q'] }]);
    const short = await app().get('/r/search?q=d');
    expect([short.status, Object.keys(short.body.error.message)]).to.deep.equal([422, ['q']]);
  });

  it('setMeta() replaces the meta block, which respond() adds', async () => {
    expect((await app().get('/r/meta')).body).to.deep.equal({ a: 1, meta: { api_version: 2 } });
  });

  it('setHeaders() merges headers', async () => {
    const res = await app().get('/r/headers');
    expect(res.headers.get('x-one')).to.equal('1');
    expect(res.headers.get('x-two')).to.equal('2');
  });

  it('success() answers the success format with the status as code', async () => {
    expect((await app().get('/r/success')).body).to.deep.equal({ success: { code: 200, message: 'Success' } });
    const custom = await app().get('/r/success?message=Queued');
    expect(custom.status).to.equal(202);
    expect(custom.body).to.deep.equal({ success: { code: 202, message: 'Queued' } });
  });

  it('created() answers 201: a model as plain attributes, a string or object in the success format', async () => {
    const model = await app().get('/r/created/model');
    expect(model.status).to.equal(201);
    expect(model.body).to.include({ id: 1, title: 'The Hidden Proof 1', author_id: 10, out_of_print: false });
    expect(model.body.created_at).to.equal('2024-01-01T01:00:00.000Z');
    expect((await app().get('/r/created/string')).body).to.deep.equal({ success: { code: 201, message: 'Made it' } });
    expect((await app().get('/r/created/object')).body).to.deep.equal({ success: { code: 201, message: { id: 9 } } });
    expect((await app().get('/r/created/default')).body).to.deep.equal({ success: { code: 201, message: 'Created' } });
  });

  it('noContent() and notModified() answer 204 and 304 with no body', async () => {
    const none = await app().get('/r/no-content');
    expect([none.status, none.text]).to.deep.equal([204, '']);
    const same = await app().get('/r/not-modified');
    expect([same.status, same.text]).to.deep.equal([304, '']);
  });

  const helpers: Array<[string, number, string]> = [
    ['badRequestError', 400, 'Bad Request'],
    ['unauthorizedError', 401, 'Unauthorized'],
    ['forbiddenError', 403, 'Forbidden'],
    ['notFoundError', 404, 'Not Found'],
    ['notAllowedError', 405, 'Method Not Allowed'],
    ['notAcceptableError', 406, 'Not Acceptable'],
    ['conflictError', 409, 'Conflict'],
    ['goneError', 410, 'Gone'],
    ['unprocessableError', 422, 'Unprocessable Entity'],
    ['tooManyRequestsError', 429, 'Too Many Requests'],
    ['internalError', 500, 'Internal Server Error'],
  ];
  for (const [name, status, text] of helpers) {
    it(`${name}() answers ${status}, with the status text or the given message`, async () => {
      const plain = await app().get(`/r/helper/${name}`);
      expect(plain.status).to.equal(status);
      expect(plain.body).to.deep.equal({ error: { code: status, message: text } });
      expect((await app().get(`/r/helper/${name}?message=Custom`)).body).to.deep.equal({ error: { code: status, message: 'Custom' } });
    });
  }

  it('error() derives status and message from an HTTP error', async () => {
    const res = await app().get('/r/error/http');
    expect([res.status, res.body]).to.deep.equal([404, { error: { code: 404, message: 'Book 99 is not here' } }]);
  });

  it('error() hides the message of a non-HTTP error', async () => {
    const res = await app().get('/r/error/internal');
    expect([res.status, res.body]).to.deep.equal([500, { error: { code: 500, message: 'Internal Server Error' } }]);
  });

  it('a 5xx built by an action (error(err), internalError()) reaches onError once; a 4xx built so does not', async () => {
    const before = app().errors.length;
    await app().get('/r/error/internal');
    await app().get('/r/helper/internalError');
    await app().get('/r/error/http');
    const heard = app().errors.slice(before);
    expect(heard).to.have.length(2);
    expect((heard[0] as Error).message).to.equal('secret detail');
    expect(heard[1]).to.equal('Internal Server Error');
  });

  it('error(message) keeps a status >= 400, else answers 400', async () => {
    expect((await app().get('/r/error/kept')).body).to.deep.equal({ error: { code: 409, message: 'Already there' } });
    expect((await app().get('/r/error/object')).body).to.deep.equal({ error: { code: 400, message: { field: ['is wrong'] } } });
    const low = await app().get('/r/error/low');
    expect([low.status, low.body]).to.deep.equal([400, { error: { code: 400, message: 'Bad thing' } }]);
  });

  it('withCollection() without a transformer sends plain attributes, from an array or a Set', async () => {
    for (const path of ['/r/plain-collection', '/r/plain-collection?set=true']) {
      const res = await app().get(path);
      expect(res.body.data.map((b: { id: number }) => b.id)).to.deep.equal([1, 2]);
      expect(res.body.data[0]).to.include({ title: 'The Hidden Proof 1', author_id: 10 });
      expect(res.body.data[0]).not.to.have.property('dataValues');
    }
  });

  it('withItem() transforms one model, with absolute self links', async () => {
    const res = await app().get('/r/item');
    expect(res.body).to.deep.equal({
      id: 2,
      title: 'The Hidden Proof 2',
      published_at: '2022-11-29T00:00:00.000Z',
      created: '2024-01-01T02:00:00.000Z',
      link: { rel: 'self', href: `${app().url}/v1/books/2` },
    });
  });
});
