import { expect } from 'chai';
import { ATOMIC_MEDIA_TYPE, ATOMIC_REQUEST_EXAMPLE } from '../../src';
import { Book } from '../../example/models';
import { onBothFrameworks, startExample } from './exampleServer';
import { ADDED_BY_TESTS } from '../fixture/seededRows';

const count = () => Book.count();

/** A new book as an `add` operation, linked to seeded author 1 and publisher 2. */
function addBook(title: string, lid?: string) {
  return {
    op: 'add',
    data: {
      type: 'books',
      ...(lid ? { lid } : {}),
      attributes: { title },
      relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '2' } } },
    },
  };
}

onBothFrameworks(
  'POST /v1/operations (JSON:API Atomic Operations)',
  (app) => {
    // The seeded 100 books are what other suites read: what this one writes goes again.
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    const send = (document: unknown, type = ATOMIC_MEDIA_TYPE) =>
      app().get('/v1/operations', { method: 'POST', headers: { 'content-type': type, accept: ATOMIC_MEDIA_TYPE }, body: JSON.stringify(document) });

    it("runs the extension's example shapes: add with a lid, update and a relationship through it, in order", async () => {
      const before = await count();
      const response = await send(ATOMIC_REQUEST_EXAMPLE);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal(ATOMIC_MEDIA_TYPE);
      const results = response.body['atomic:results'];
      expect(results).to.have.length(3);
      const added = results[0].data;
      expect(added).to.include({ type: 'books' });
      expect(added.attributes.title).to.equal('Operations Manual');
      const book = await Book.findByPk(Number(added.id));
      expect(book).to.include({ outOfPrint: true, authorId: 2, publisherId: 2 });
      expect(await count()).to.equal(before + 1);
    });

    it('adds an author-linked book, removes another, and references lids in relationships and refs', async () => {
      const victim = await Book.create({ title: `Removed by ops ${app().framework}`, authorId: 1, publisherId: 1 });
      const response = await send({
        'atomic:operations': [
          addBook('First of two', 'one'),
          addBook('Second of two', 'two'),
          { op: 'update', href: `/v1/books/${victim.id}`, data: { type: 'books', id: String(victim.id), attributes: { title: 'About to go' } } },
          { op: 'remove', ref: { type: 'books', id: String(victim.id) } },
          { op: 'update', ref: { type: 'books', lid: 'two' }, data: { type: 'books', lid: 'two', attributes: { description: 'Updated through its lid' } } },
        ],
      });
      expect(response.status).to.equal(200);
      const results = response.body['atomic:results'];
      expect(results).to.have.length(5);
      const second = await Book.findByPk(Number(results[1].data.id));
      expect(second?.description).to.equal('Updated through its lid');
      expect(await Book.findByPk(victim.id)).to.equal(null);
    });

    it('rolls back every operation when the third fails, pointing its errors into the document', async () => {
      const before = await count();
      const response = await send({ 'atomic:operations': [addBook('Rolled back one'), addBook('Rolled back two'), addBook('x'), addBook('Never run')] });
      expect(response.status).to.equal(422);
      expect(response.body.errors[0].source.pointer).to.equal('/atomic:operations/2/data/attributes/title');
      expect(await count()).to.equal(before);
    });

    it('refuses a hostile document with nothing written: size, unknown op, lid cycles, mismatched types', async () => {
      const before = await count();
      const cases: Array<[unknown, number, string]> = [
        [{ 'atomic:operations': Array.from({ length: 101 }, (_, i) => addBook(`n${i}`)) }, 400, '/atomic:operations'],
        [{ 'atomic:operations': [addBook('ok'), { op: 'upsert', data: {} }] }, 400, '/atomic:operations/1/op'],
        [
          {
            'atomic:operations': [
              addBook('ok'),
              { op: 'update', ref: { type: 'books', lid: 'later' }, data: { type: 'books', lid: 'later', attributes: {} } },
              addBook('late', 'later'),
            ],
          },
          400,
          '/atomic:operations/1/ref/lid',
        ],
        [{ 'atomic:operations': [addBook('ok', 'same'), addBook('again', 'same')] }, 400, '/atomic:operations/1/data/lid'],
        [
          { 'atomic:operations': [addBook('ok'), { op: 'update', ref: { type: 'books', id: '1' }, data: { type: 'authors', id: '1', attributes: {} } }] },
          409,
          '/atomic:operations/1/data/type',
        ],
        [
          { 'atomic:operations': [addBook('ok'), { op: 'add', data: { type: 'authors', attributes: { name: 'A', email: 'a@example.com' } } }] },
          405,
          '/atomic:operations/1',
        ],
        [{ 'atomic:operations': [addBook('ok'), { op: 'remove', ref: { type: 'books' } }] }, 400, '/atomic:operations/1/ref'],
        [{ 'atomic:operations': [addBook('ok'), { op: 'remove', ref: { type: '', id: '1' } }] }, 400, '/atomic:operations/1/ref/type'],
        [
          { 'atomic:operations': [addBook('ok'), { op: 'add', ref: { type: 'books', id: '1', relationship: 'genres' }, data: { type: 'genres', id: '1' } }] },
          400,
          '/atomic:operations/1/data',
        ],
        [{ data: { type: 'books' } }, 400, ''],
      ];
      for (const [document, status, pointer] of cases) {
        const response = await send(document);
        expect(response.status, JSON.stringify(document).slice(0, 120)).to.equal(status);
        const source = response.body.errors[0].source;
        expect(source?.pointer ?? '', JSON.stringify(document).slice(0, 120)).to.equal(pointer);
        if (pointer.endsWith('/ref/type')) expect(response.body.errors[0].detail).to.match(/must name a type: it is empty$/);
      }
      const viaBatch = await app().post('/v1/batch', {
        requests: [
          { method: 'POST', url: '/v1/operations', headers: { 'content-type': ATOMIC_MEDIA_TYPE }, body: { 'atomic:operations': [addBook('nested')] } },
        ],
      });
      expect(viaBatch.body.meta.responses[0].status).to.equal(400);
      // What the refusal costs against parsing the same bytes is npm run bench's refusal_atomic_10000.
      const huge = await send({ 'atomic:operations': Array.from({ length: 10_000 }, () => ({ op: 'remove', ref: { type: 'books', id: '1' } })) });
      expect(huge.status).to.be.oneOf([400, 413]);
      expect(await count()).to.equal(before);
    });

    it('is negotiated: without the extension in Content-Type, 415', async () => {
      const response = await send({ 'atomic:operations': [addBook('ok')] }, 'application/vnd.api+json');
      expect(response.status).to.equal(415);
    });
  },
  { serializer: 'json-api' },
);

describe('POST /v1/operations outside json-api mode', () => {
  it('answers 415: operations are JSON:API documents', async () => {
    const running = await startExample('koa');
    try {
      const response = await running.get('/v1/operations', {
        method: 'POST',
        headers: { 'content-type': ATOMIC_MEDIA_TYPE },
        body: JSON.stringify({ 'atomic:operations': [addBook('ok')] }),
      });
      expect(response.status).to.equal(415);
      expect(response.body.error.message).to.match(/json-api mode \(this one: array\)/);
    } finally {
      await running.close();
    }
  });
});
