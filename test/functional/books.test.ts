import { expect } from 'chai';
import { Book, Comment } from '../../example/models';
import { onBothFrameworks, TestFramework } from './exampleServer';

/** The books suite runs on Express 5 as well as Express 4 and Koa. */
const EVERY_FRAMEWORK: TestFramework[] = ['express', 'express5', 'koa'];

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((item) => item.id);

onBothFrameworks(
  'GET /v1/books (v1.books.index)',
  (app) => {
    it('answers 5 books a page, newest first, with pagination', async () => {
      const res = await app().get('/v1/books');
      expect(res.status).to.equal(200);
      expect(ids(res.body)).to.deep.equal([100, 99, 98, 97, 96]);
      expect(res.body.meta.pagination).to.deep.equal({
        total: 100,
        count: 5,
        per_page: 5,
        current_page: 1,
        total_pages: 20,
        links: { next: `${app().url}/v1/books?page=2` },
      });
    });

    it('tells the total past the last page and on a filtered page, as the database counts it', async () => {
      const past = await app().get('/v1/books?page=21');
      expect([past.status, past.body.data, past.body.meta.pagination.total, past.body.meta.pagination.count]).to.deep.equal([200, [], 100, 0]);
      const filtered = await app().get('/v1/books?filter[title][contains]=1&per_page=3&page=2');
      const matching = (await Book.findAll({ where: { draft: false } })).filter((book) => book.title.includes('1'));
      expect(filtered.body.meta.pagination.total).to.equal(matching.length).and.be.above(6);
      expect(filtered.body.data).to.have.length(3);
      const none = await app().get('/v1/books?filter[title][contains]=no%20such%20title');
      expect([none.body.data, none.body.meta.pagination.total]).to.deep.equal([[], 0]);
    });

    it('answers the fields of the transformer', async () => {
      const res = await app().get('/v1/books?page=20');
      const book = await Book.findByPk(1);
      expect(res.body.data[4]).to.deep.equal({
        id: 1,
        title: book!.title,
        description: 'Book 1 of the example library.',
        published_at: book!.publishedAt!.toISOString(),
        out_of_print: book!.outOfPrint,
        created: book!.createdAt.toISOString(),
        link: { rel: 'self', href: `${app().url}/v1/books/1` },
      });
    });
  },
  {},
  EVERY_FRAMEWORK,
);

onBothFrameworks(
  'GET /v1/books/:id (v1.books.show)',
  (app) => {
    it('answers one book with its includes', async () => {
      const res = await app().get('/v1/books/7?include=author,publisher,comments');
      const book = await Book.findByPk(7);
      expect(res.body.id).to.equal(7);
      expect(res.body.author.id).to.equal(book!.authorId);
      expect(res.body.publisher.id).to.equal(book!.publisherId);
      const comments = await Comment.findAll({ where: { bookId: 7 }, order: [['createdAt', 'DESC']], limit: 3 });
      expect(ids(res.body.comments)).to.deep.equal(comments.map((c) => c.id));
    });

    it('answers 404 for a missing book', async () => {
      const res = await app().get('/v1/books/100000');
      expect([res.status, res.body]).to.deep.equal([404, { error: { code: 404, message: 'Book 100000 was not found' } }]);
    });

    it('answers a client error, never a 500, for an id that is not a number', async () => {
      const res = await app().get('/v1/books/abc');
      expect(res.status).to.be.within(400, 404);
      expect(res.body.error.code).to.equal(res.status);
    });
  },
  {},
  EVERY_FRAMEWORK,
);

onBothFrameworks(
  'POST /v1/books (v1.books.store)',
  (app) => {
    const valid = {
      title: 'A New Book',
      description: 'Fresh off the press',
      published_at: '2024-05-01T00:00:00.000Z',
      out_of_print: true,
      author_id: 3,
      publisher_id: 2,
    };

    it('creates: 201, Location, and the record through its transformer (no column it leaves out)', async () => {
      const before = await Book.count();
      const res = await app().post('/v1/books', valid);
      try {
        expect(res.status).to.equal(201);
        expect(res.headers.get('location')).to.equal(`${app().url}/v1/books/${res.body.id}`);
        expect(res.body).to.include({
          title: 'A New Book',
          description: 'Fresh off the press',
          published_at: '2024-05-01T00:00:00.000Z',
          out_of_print: true,
        });
        expect(res.body).to.have.keys('id', 'title', 'description', 'published_at', 'out_of_print', 'created', 'link');
        const stored = (await Book.findByPk(res.body.id))!;
        expect([stored.authorId, stored.publisherId]).to.deep.equal([3, 2]);
        expect(await Book.count()).to.equal(before + 1);
        expect((await app().get(`/v1/books/${res.body.id}`)).body.title).to.equal('A New Book');
      } finally {
        await Book.destroy({ where: { id: res.body.id } });
      }
    });

    const invalid: Array<[string, unknown, string[]]> = [
      ['no title', { ...valid, title: undefined }, ['title']],
      ['a one-letter title', { ...valid, title: 'x' }, ['title']],
      ['a one-letter description', { ...valid, description: 'y' }, ['description']],
      ['an author that does not exist', { ...valid, author_id: 999 }, ['author_id']],
      ['a publisher id that is text', { ...valid, publisher_id: 'two' }, ['publisher_id']],
      ['out_of_print that is not a boolean', { ...valid, out_of_print: 'yes' }, ['out_of_print']],
      ['an empty object', {}, ['title', 'author_id', 'publisher_id']],
    ];
    for (const [what, body, fields] of invalid) {
      it(`answers 422 with field messages for ${what}, writing nothing`, async () => {
        const before = await Book.count();
        const res = await app().post('/v1/books', body);
        expect(res.status).to.equal(422);
        expect(res.body.error.code).to.equal(422);
        expect(res.body.error.message).to.have.keys(...fields);
        expect(await Book.count()).to.equal(before);
      });
    }

    it('answers 422 for a JSON array body, writing nothing', async () => {
      const before = await Book.count();
      const res = await app().post('/v1/books', [valid]);
      expect([res.status, res.body]).to.deep.equal([422, { error: { code: 422, message: 'The request body must be a JSON object' } }]);
      expect(await Book.count()).to.equal(before);
    });

    it('names a missing author plainly', async () => {
      const res = await app().post('/v1/books', { ...valid, author_id: 999 });
      expect(res.body.error.message).to.deep.equal({ author_id: ['author_id must refer to an existing record'] });
    });

    it('answers a malformed JSON body with 400, writing nothing', async () => {
      const before = await Book.count();
      const res = await app().post('/v1/books', '{"title": "Broken"');
      expect([res.status, res.body]).to.deep.equal([400, { error: { code: 400, message: 'The request body is not valid JSON' } }]);
      expect(await Book.count()).to.equal(before);
    });
  },
  {},
  EVERY_FRAMEWORK,
);

onBothFrameworks(
  'PUT /v1/books/:id (v1.books.update)',
  (app) => {
    it('updates and answers Updated', async () => {
      const original = (await Book.findByPk(10))!.get({ plain: true });
      try {
        const res = await app().send('PUT', '/v1/books/10', { title: 'Renamed', out_of_print: true });
        expect([res.status, res.body]).to.deep.equal([200, { success: { code: 200, message: 'Updated' } }]);
        const changed = await Book.findByPk(10);
        expect([changed!.title, changed!.outOfPrint]).to.deep.equal(['Renamed', true]);
      } finally {
        await Book.update({ title: original.title, outOfPrint: original.outOfPrint }, { where: { id: 10 } });
      }
    });

    it('answers 422 for an invalid field and changes nothing', async () => {
      const before = (await Book.findByPk(11))!.get({ plain: true });
      const res = await app().send('PUT', '/v1/books/11', { title: 'Fine title', out_of_print: 'maybe' });
      expect(res.status).to.equal(422);
      expect(res.body.error.message).to.have.keys('out_of_print');
      expect((await Book.findByPk(11))!.get({ plain: true })).to.deep.equal(before);
    });

    it('answers 404 for a missing book', async () => {
      const res = await app().send('PUT', '/v1/books/100000', { title: 'Nobody' });
      expect(res.status).to.equal(404);
    });
  },
  {},
  EVERY_FRAMEWORK,
);

onBothFrameworks(
  'DELETE /v1/books/:id (v1.books.destroy)',
  (app) => {
    it('deletes and answers Deleted, then the book is gone', async () => {
      const book = await Book.create({ title: 'Short-lived', authorId: 1, publisherId: 1 });
      const res = await app().send('DELETE', `/v1/books/${book.id}`);
      expect([res.status, res.body]).to.deep.equal([200, { success: { code: 200, message: 'Deleted' } }]);
      expect((await app().get(`/v1/books/${book.id}`)).status).to.equal(404);
    });

    it('answers 404 for a missing book', async () => {
      const res = await app().send('DELETE', '/v1/books/100000');
      expect([res.status, res.body.error.code]).to.deep.equal([404, 404]);
    });
  },
  {},
  EVERY_FRAMEWORK,
);
