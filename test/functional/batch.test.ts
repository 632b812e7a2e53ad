import { expect } from 'chai';
import { BATCH_REQUEST_EXAMPLE } from '../../src';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { ADDED_BY_TESTS } from '../fixture/seededRows';

const NEW_BOOK = { author_id: 1, publisher_id: 2 };
type Answer = { id: string; status: number; headers: Array<{ name: string; value: string }>; body: any };
const header = (answer: Answer, name: string) => answer.headers.find((h) => h.name === name)?.value;
const count = () => Book.count();

onBothFrameworks('POST /v1/batch', (app) => {
  // The seeded 100 books are what other suites read: what this one writes goes again.
  afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

  it('runs requests in order, each with its own status; references and dependencies; a failed dependency is 424', async () => {
    const title = `Batch ${app().framework} ${Date.now()}`;
    const response = await app().post('/v1/batch', {
      requests: [
        { id: 'book', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title } },
        { id: 'read', method: 'GET', url: '/v1/books/{{book.body.id}}?include=author' },
        { id: 'missing', method: 'GET', url: '/v1/books/999999' },
        { id: 'after', method: 'GET', url: '/v1/books/1', depends_on: ['missing'] },
        { method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: `{{read.body.title}}, again` } },
      ],
    });
    expect(response.status).to.equal(200);
    const answers: Answer[] = response.body.responses;
    expect(answers.map((a) => [a.id, a.status])).to.deep.equal([
      ['book', 201],
      ['read', 200],
      ['missing', 404],
      ['after', 424],
      ['4', 201],
    ]);
    expect(answers[1].body).to.include({ id: answers[0].body.id, title });
    expect(answers[1].body.author).to.have.property('name');
    expect(answers[3].body.error.message).to.match(/depends on "missing", which answered 404/);
    expect(answers[4].body.title).to.equal(`${title}, again`);
    // Not atomic: the writes stay.
    expect(await Book.count({ where: { title: [title, `${title}, again`] } })).to.equal(2);
    // Each request is an internal call of the batch's: its id is the batch's with a suffix.
    const id = response.headers.get('x-request-id');
    expect(answers.filter((a) => a.status !== 424).map((a) => header(a, 'x-request-id'))).to.deep.equal([`${id}.1`, `${id}.2`, `${id}.3`, `${id}.4`]);
    // Their time is the batch's `internal`: an internal request made inside another carries no Server-Timing.
    expect(answers.map((a) => header(a, 'server-timing'))).to.deep.equal([undefined, undefined, undefined, undefined, undefined]);
    expect(response.headers.get('server-timing')).to.match(/(^|, )internal;dur=[\d.]+;desc="4 calls", /);
  });

  it('runs the documented atomic example in one transaction', async () => {
    const before = await count();
    const response = await app().post('/v1/batch', BATCH_REQUEST_EXAMPLE);
    expect(response.status).to.equal(200);
    const answers: Answer[] = response.body.responses;
    expect(answers.map((a) => a.status)).to.deep.equal([201, 200, 200]);
    expect(answers[2].body).to.include({ title: 'Batched Book', out_of_print: true });
    expect(await count()).to.equal(before + 1);
  });

  it('rolls an atomic batch back at its first failure and answers with that status, the answers so far in meta', async () => {
    const before = await count();
    const response = await app().post('/v1/batch', {
      atomic: true,
      requests: [
        { method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: 'Kept nowhere one' } },
        { method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: 'Kept nowhere two' } },
        { method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: 'x' } },
        { method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: 'Never run' } },
      ],
    });
    expect(response.status).to.equal(422);
    expect(response.body.error.message).to.equal('Request 2 ("2", POST /v1/books) answered 422: the batch was rolled back');
    expect(response.body.meta.responses.map((a: Answer) => a.status)).to.deep.equal([201, 201, 422]);
    expect(response.body.meta.responses[2].body.error.message).to.have.property('title');
    expect(await count()).to.equal(before);
  });

  it('refuses a hostile batch before running any of it: 400 naming the member, nothing written', async () => {
    const before = await count();
    const write = { method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: 'Hostile' } };
    const cases: Array<[unknown, RegExp]> = [
      [{ requests: Array.from({ length: 101 }, () => ({ method: 'GET', url: '/v1' })) }, /"\/requests": holds 101 requests, over the 100/],
      [
        { requests: [write, { method: 'GET', url: '/v1/books/1', depends_on: ['later'] }, { id: 'later', method: 'GET', url: '/v1' }] },
        /"later", which is not an earlier/,
      ],
      [{ requests: [write, { id: 'self', method: 'GET', url: '/v1/books/{{self.body.id}}' }] }, /"self", which is not an earlier/],
      [{ requests: [write, { method: 'TRACE', url: '/v1' }] }, /"\/requests\/1\/method"/],
      [{ requests: [write, { method: 'GET', url: 'http://169.254.169.254/latest' }] }, /"\/requests\/1\/url"/],
      [{ requests: [write, { method: 'GET', url: '//evil.example/x' }] }, /"\/requests\/1\/url"/],
      [{ requests: [write, { method: 'GET', url: '/v1', headers: { authorization: 'Bearer x' } }] }, /"\/requests\/1\/headers\/authorization"/],
      [{ requests: [write, write], atomic: 'yes' }, /"\/atomic"/],
      [{ requests: [] }, /"\/requests"/],
      [{ requests: [write, { id: '0', method: 'GET', url: '/v1' }] }, /"\/requests\/1\/id"/],
      [[write], /body must be an object/],
    ];
    for (const [body, message] of cases) {
      const response = await app().post('/v1/batch', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).to.equal(400);
      expect(response.body.error.message).to.match(message);
    }
    // Nested, each level's 100 would multiply (and internal.maxDepth allows 10 levels): refused inside.
    const nested = await app().post('/v1/batch', { requests: [{ method: 'POST', url: '/v1/batch', body: { requests: [write] } }] });
    expect(nested.status).to.equal(200);
    expect(nested.body.responses[0].status).to.equal(400);
    expect(nested.body.responses[0].body.error.message).to.match(/cannot be made from inside another request/);
    // What the refusal costs against parsing the same bytes is npm run bench's refusal_batch_10000.
    const huge = await app().post('/v1/batch', { requests: Array.from({ length: 10_000 }, () => write) });
    expect(huge.status).to.be.oneOf([400, 413]);
    expect(await count()).to.equal(before);
  });

  it("answers a reference that names nothing as that request's 400: an atomic batch rolls back, a plain one keeps the earlier write", async () => {
    const before = await count();
    const requests = [
      { id: 'a', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: 'Dangling' } },
      { method: 'GET', url: '/v1/books/{{a.body.nope}}' },
    ];
    const atomic = await app().post('/v1/batch', { atomic: true, requests });
    expect(atomic.status).to.equal(400);
    expect(atomic.body.meta.responses[1].body.error.message).to.match(/\{\{a\.body\.nope\}\} names nothing/);
    expect(await count()).to.equal(before);
    const plain = await app().post('/v1/batch', { requests });
    expect(plain.status).to.equal(200);
    expect(plain.body.responses.map((a: Answer) => a.status)).to.deep.equal([201, 400]);
    expect(await count()).to.equal(before + 1);
  });
});

onBothFrameworks(
  'POST /v1/batch in json-api mode',
  (app) => {
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    it('runs JSON:API requests (their content-type set per request) and answers the responses as the meta of a document', async () => {
      const document = {
        data: {
          type: 'books',
          attributes: { title: 'Batched in JSON:API' },
          relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '2' } } },
        },
      };
      const response = await app().post('/v1/batch', {
        requests: [
          { id: 'book', method: 'POST', url: '/v1/books', headers: { 'content-type': 'application/vnd.api+json' }, body: document },
          { method: 'GET', url: '/v1/books/{{book.body.data.id}}?include=author' },
        ],
      });
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('application/vnd.api+json');
      const answers: Answer[] = response.body.meta.responses;
      expect(answers.map((a) => a.status)).to.deep.equal([201, 200]);
      expect(answers[1].body.data.attributes.title).to.equal('Batched in JSON:API');
      expect(answers[1].body.included[0]).to.include({ type: 'authors', id: '1' });
    });
  },
  { serializer: 'json-api' },
);
