import { expect } from 'chai';
import { apiStateOf, ATOMIC_MEDIA_TYPE, BATCH_REQUEST_EXAMPLE_JSON_API } from '../../src';
import { parseBatch } from '../../src/composition/batchRequest';
import { runBatch } from '../../src/composition/runBatch';
import { createContext } from '../../src/context/createContext';
import { requestStorage } from '../../src/context/RequestContext';
import type { Api } from '../../src/dispatcher/Api';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { ADDED_BY_TESTS } from '../fixture/seededRows';

const NEW_BOOK = { author_id: 1, publisher_id: 2 };
/** What the batch's answers may hold together in this suite: a few pages of books with their authors. */
const MAX_BYTES = 10_000;
const PAGE = '/v1/books?per_page=4&include=author';

type Answer = { id: string; status: number; body: any };

onBothFrameworks(
  'POST /v1/batch and /v1/operations share one response budget',
  (app) => {
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    it('a batch of pages stops at response.maxBytes: the page that would go over is a 400, nothing after it runs, the document stays within it', async () => {
      const title = `After the budget ${app().framework}`;
      const requests = [
        ...Array.from({ length: 30 }, (_, i) => ({ id: `page${i}`, method: 'GET', url: `${PAGE}&page=${(i % 5) + 1}` })),
        { id: 'late', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title } },
      ];
      const res = await app().post('/v1/batch', { requests });
      expect(res.status).to.equal(200);
      // The answers' bodies and headers draw on the budget; those refused after it are short errors.
      expect(Buffer.byteLength(res.text)).to.be.below(MAX_BYTES + requests.length * 400);
      const answers: Answer[] = res.body.responses;
      expect(answers).to.have.length(requests.length);
      const firstRefused = answers.findIndex((answer) => answer.status !== 200);
      expect(firstRefused, 'some pages fit').to.be.greaterThan(0);
      for (const answer of answers.slice(firstRefused)) {
        expect(answer.status).to.equal(400);
        expect(answer.body.error.message).to.match(/over what they may hold together \(response\.maxBytes and include\.maxResources\)/);
      }
      expect(await Book.count({ where: { title } }), 'the write after the budget was not run').to.equal(0);
    });

    it('an atomic batch over the budget is a 400 and writes nothing', async () => {
      const title = `Atomic over budget ${app().framework}`;
      const requests = [
        { id: 'write', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title } },
        ...Array.from({ length: 30 }, (_, i) => ({ id: `page${i}`, method: 'GET', url: `${PAGE}&page=${(i % 5) + 1}` })),
      ];
      const res = await app().post('/v1/batch', { atomic: true, requests });
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.match(/answered 400: the batch was rolled back/);
      expect(await Book.count({ where: { title } })).to.equal(0);
    });

    it('include.maxResources is shared too: pages that each fit stop once their resources add up past it', async () => {
      const res = await app().post('/v1/batch', {
        requests: Array.from({ length: 8 }, (_, i) => ({ id: `p${i}`, method: 'GET', url: `/v1/books?per_page=10&page=${i + 1}&fields[books]=id` })),
      });
      const statuses = (res.body.responses as Answer[]).map((answer) => answer.status);
      // 50 resources in all: five pages of ten (small enough for the bytes), then nothing.
      expect(statuses).to.deep.equal([200, 200, 200, 200, 200, 400, 400, 400]);
    });

    it('refuses a url the dispatcher would read as another host ("/\\x") before anything runs: 400, nothing written', async () => {
      const title = `Before a bad url ${app().framework}`;
      for (const url of ['/\\x', '/\\\\evil.example/x', '//evil.example/x']) {
        const res = await app().post('/v1/batch', {
          requests: [
            { id: 'write', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title } },
            { id: 'odd', method: 'GET', url },
          ],
        });
        expect([res.status, res.body.error.message]).to.deep.equal([
          400,
          `Invalid batch at "/requests/1/url": must be a path of this API starting with one "/" (not "//" or "/\\"), at most 2048 characters`,
        ]);
      }
      expect(await Book.count({ where: { title } })).to.equal(0);
    });

    it('counts a url in characters, as the document does, and refuses control characters in a header value by name', async () => {
      const astral = `/v1/books?q=${'😀'.repeat(1000)}`;
      const long = await app().post('/v1/batch', { requests: [{ method: 'GET', url: astral }] });
      expect(long.status, 'a url of 1012 characters (2012 UTF-16 units) is accepted').to.equal(200);
      const control = await app().post('/v1/batch', { requests: [{ method: 'GET', url: '/v1/books/1', headers: { accept: 'application/json\u0000' } }] });
      expect([control.status, control.body.error.message]).to.deep.equal([
        400,
        'Invalid batch at "/requests/0/headers/accept": a header value may not hold control characters',
      ]);
    });

    it('a request whose call throws is answered with its error; the requests before and after keep their answers', async () => {
      const state = apiStateOf(app().app)!;
      const context = createContext(state, { method: 'POST', url: '/v1/batch', headers: {}, protocol: 'http', host: 'localhost' });
      const calls: string[] = [];
      const api = {
        request({ url }: { url: string }) {
          calls.push(url);
          if (url === '/boom') return Promise.reject(new Error('the call broke'));
          return Promise.resolve({ status: url === '/made' ? 201 : 200, headers: {}, body: { url } });
        },
      } as unknown as Api;
      const batch = parseBatch(
        {
          requests: [
            { method: 'POST', url: '/made', body: {} },
            { method: 'GET', url: '/boom' },
            { method: 'GET', url: '/after' },
          ],
        },
        10,
      );
      const outcome = await requestStorage.run(context, () => runBatch(api, batch));
      expect(calls).to.deep.equal(['/made', '/boom', '/after']);
      expect(outcome.answers.map((answer) => [answer.status, answer.body])).to.deep.equal([
        [201, { url: '/made' }],
        [500, { error: { code: 500, message: 'Internal Server Error' } }],
        [200, { url: '/after' }],
      ]);
    });
  },
  { response: { maxBytes: MAX_BYTES }, include: { maxResources: 50 } },
);

onBothFrameworks(
  'POST /v1/operations over the shared budget',
  (app) => {
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    it('runs the example the json-api document shows for POST /v1/batch, as documented', async () => {
      const document = await app().get('/v1/openapi.json');
      const content = document.body.paths['/v1/batch'].post.requestBody.content as Record<string, { example: unknown }>;
      const example = Object.values(content)[0].example;
      expect(example).to.deep.equal(BATCH_REQUEST_EXAMPLE_JSON_API);
      const res = await app().post('/v1/batch', example);
      expect(res.status, res.text.slice(0, 300)).to.equal(200);
      const answers = (res.body.meta?.responses ?? res.body.responses) as Answer[];
      expect(answers.map((answer) => answer.status)).to.deep.equal([201, 200, 200]);
      expect(answers[2].body.data.attributes).to.include({ title: 'Batched Book', out_of_print: true });
    });

    it("a batch's own answers (a request not run) are JSON:API error documents, as every other error in this mode", async () => {
      const res = await app().post('/v1/batch', {
        requests: [
          { id: 'missing', method: 'GET', url: '/v1/books/999999' },
          { id: 'after', method: 'GET', url: '/v1/books/1', depends_on: ['missing'] },
        ],
      });
      expect(res.status, res.text.slice(0, 200)).to.equal(200);
      const [missing, after] = res.body.meta?.responses ?? res.body.responses;
      expect(missing.body.errors[0].status).to.equal('404');
      expect(after.status).to.equal(424);
      expect(after.body).to.deep.equal({
        errors: [{ status: '424', title: 'Failed Dependency', detail: 'Not run: it depends on "missing", which answered 404' }],
      });
    });

    it('operations whose results would go over response.maxBytes together: 400, and nothing is written', async () => {
      const before = await Book.count();
      const add = (i: number) => ({
        op: 'add',
        data: {
          type: 'books',
          attributes: { title: `Operation ${i} ${'x'.repeat(200)}` },
          relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '2' } } },
        },
      });
      const res = await app().get('/v1/operations', {
        method: 'POST',
        headers: { 'content-type': ATOMIC_MEDIA_TYPE, accept: ATOMIC_MEDIA_TYPE },
        body: JSON.stringify({ 'atomic:operations': Array.from({ length: 40 }, (_, i) => add(i)) }),
      });
      expect(res.status, res.text.slice(0, 300)).to.equal(400);
      expect(res.body.errors[0].detail).to.match(/over what they may hold together/);
      expect(await Book.count()).to.equal(before);
    });
  },
  { serializer: 'json-api', response: { maxBytes: 8_000 } },
);
