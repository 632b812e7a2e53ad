import { Op } from 'sequelize';
import { expect } from 'chai';
import { ATOMIC_MEDIA_TYPE } from '../../src';
import { Book, BookGenre } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { ADDED_BY_TESTS, SEEDED_BOOKS } from '../fixture/seededRows';

/** A book of this suite's own (the seeded ones are what other suites read), with genres 1 and 2. */
async function bookWithGenres(title: string): Promise<number> {
  const book = await Book.create({ title, authorId: 1, publisherId: 1 });
  await BookGenre.bulkCreate([
    { bookId: book.id, genreId: 1 },
    { bookId: book.id, genreId: 2 },
  ]);
  return book.id;
}

/** The book's genre ids as the join table holds them. */
async function genresOf(bookId: number): Promise<number[]> {
  const rows = await BookGenre.findAll({ where: { bookId }, order: [['genreId', 'ASC']] });
  return rows.map((row) => row.genreId);
}

const linkage = (...ids: Array<string | number>) => ({ data: ids.map((id) => ({ type: 'genres', id })) });

async function removeOwnBooks(): Promise<void> {
  const own = (await Book.findAll({ where: ADDED_BY_TESTS, attributes: ['id'] })).map((book) => book.id);
  await BookGenre.destroy({ where: { bookId: own } });
  await Book.destroy({ where: { id: own } });
}

for (const serializer of ['array', 'json-api'] as const) {
  const jsonApi = serializer === 'json-api';
  const mediaType = jsonApi ? 'application/vnd.api+json' : 'application/json';
  const id = (value: number) => (jsonApi ? String(value) : value);

  onBothFrameworks(
    `/v1/books/:id/relationships/genres (${serializer})`,
    (app) => {
      afterEach(removeOwnBooks);

      const send = (method: string, bookId: number, body?: unknown) =>
        app().get(`/v1/books/${bookId}/relationships/genres`, {
          method,
          headers: { accept: mediaType, ...(body === undefined ? {} : { 'content-type': mediaType }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });

      it('GET answers the linkage the join table holds', async () => {
        const seeded = await genresOf(7);
        const response = await send('GET', 7);
        expect(response.status).to.equal(200);
        expect(response.body.data).to.deep.equal(seeded.map((genre) => ({ type: 'genres', id: id(genre) })));
        if (jsonApi) {
          expect(response.body.links.self).to.equal(`${app().url}/v1/books/7/relationships/genres`);
          expect(response.body.jsonapi).to.deep.equal({ version: '1.1' });
        }
        expect((await send('GET', 9999)).status).to.equal(404);
      });

      it('POST adds members (one held already stays once), DELETE removes them, PATCH replaces them all: 204 each', async () => {
        const bookId = await bookWithGenres(`Genres ${serializer}`);
        expect((await send('POST', bookId, linkage(id(2), id(3), id(3)))).status).to.equal(204);
        expect(await genresOf(bookId)).to.deep.equal([1, 2, 3]);
        expect((await send('DELETE', bookId, linkage(id(1), id(3)))).status).to.equal(204);
        expect(await genresOf(bookId)).to.deep.equal([2]);
        expect((await send('PATCH', bookId, linkage(id(4), id(5)))).status).to.equal(204);
        expect(await genresOf(bookId)).to.deep.equal([4, 5]);
        expect((await send('PATCH', bookId, linkage())).status).to.equal(204);
        expect(await genresOf(bookId)).to.deep.equal([]);
      });

      it('refuses a bad document, another type, a genre or book that does not exist: nothing written', async () => {
        const bookId = await bookWithGenres(`Refusals ${serializer}`);
        const cases: Array<[string, number, unknown, number, string]> = [
          ['POST', bookId, linkage(id(3), id(9999)), 404, ''],
          ['PATCH', bookId, { data: [{ type: 'authors', id: id(1) }] }, 409, '/data/0/type'],
          ['POST', bookId, { data: { type: 'genres', id: id(3) } }, 400, '/data'],
          ['POST', bookId, { data: [id(3)] }, 400, '/data/0'],
          ['POST', bookId, { data: [{ type: 'genres' }] }, 400, '/data/0/id'],
          ['POST', bookId, { data: [{ id: id(3) }] }, 400, '/data/0/type'],
          ['POST', bookId, { data: [{ type: '', id: id(3) }] }, 400, '/data/0/type'],
          ['POST', bookId, { data: [{ type: 'genres', id: id(3), lid: 'x' }] }, 400, '/data/0/lid'],
          ['DELETE', bookId, { data: [], extra: true }, 400, '/extra'],
          ['PATCH', bookId, linkage(...Array.from({ length: 101 }, (_, i) => id(i + 1))), 400, '/data'],
          ['POST', 9999, linkage(id(3)), 404, ''],
        ];
        if (jsonApi) cases.push(['POST', bookId, { data: [{ type: 'genres', id: 3 }] }, 400, '/data/0/id']);
        for (const [method, target, body, status, pointer] of cases) {
          const response = await send(method, target, body);
          const label = `${method} ${JSON.stringify(body).slice(0, 80)}`;
          expect(response.status, label).to.equal(status);
          if (jsonApi) expect(response.body.errors[0].source?.pointer ?? '', label).to.equal(pointer);
          else expect(response.body.error.code, label).to.equal(status);
        }
        expect(await genresOf(bookId)).to.deep.equal([1, 2]);
      });

      it('tags the linkage (ETag, 304 to If-None-Match) and honours If-Match on POST, PATCH and DELETE: 412 when stale, nothing written', async () => {
        const bookId = await bookWithGenres(`Preconditions ${serializer}`);
        const conditional = (method: string, ifMatch: string, body: unknown) =>
          app().get(`/v1/books/${bookId}/relationships/genres`, {
            method,
            headers: { accept: mediaType, 'content-type': mediaType, 'if-match': ifMatch },
            body: JSON.stringify(body),
          });
        const first = await send('GET', bookId);
        const tag = first.headers.get('etag')!;
        expect(tag).to.match(/^"[^"]+"$/);
        const fresh = await app().get(`/v1/books/${bookId}/relationships/genres`, { headers: { accept: mediaType, 'if-none-match': tag } });
        expect([fresh.status, fresh.headers.get('etag')]).to.deep.equal([304, tag]);
        for (const method of ['POST', 'PATCH', 'DELETE']) {
          const stale = await conditional(method, '"bogus"', linkage(id(3)));
          expect(stale.status, method).to.equal(412);
        }
        expect(await genresOf(bookId)).to.deep.equal([1, 2]);
        expect((await conditional('POST', tag, linkage(id(3)))).status).to.equal(204);
        expect(await genresOf(bookId)).to.deep.equal([1, 2, 3]);
        // The tag it held is stale now: the same write again is refused.
        expect((await conditional('PATCH', tag, linkage(id(4)))).status).to.equal(412);
        const current = (await send('GET', bookId)).headers.get('etag')!;
        expect(current).not.to.equal(tag);
        expect((await conditional('DELETE', `"x", ${current}`, linkage(id(1)))).status).to.equal(204);
        expect((await conditional('PATCH', '*', linkage(id(5)))).status).to.equal(204);
        expect(await genresOf(bookId)).to.deep.equal([5]);
      });
    },
    { serializer },
  );
}

onBothFrameworks(
  'POST /v1/operations on a to-many relationship',
  (app) => {
    afterEach(removeOwnBooks);

    const operations = (...list: unknown[]) =>
      app().get('/v1/operations', {
        method: 'POST',
        headers: { 'content-type': ATOMIC_MEDIA_TYPE, accept: ATOMIC_MEDIA_TYPE },
        body: JSON.stringify({ 'atomic:operations': list }),
      });
    const newBook = {
      op: 'add',
      data: {
        type: 'books',
        lid: 'fresh',
        attributes: { title: 'Linked by operations' },
        relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '1' } } },
      },
    };

    it('adds, removes and replaces members through ref (by lid) and href, in order, with empty results', async () => {
      const bookId = await bookWithGenres('Operations on genres');
      const response = await operations(
        newBook,
        { op: 'add', ref: { type: 'books', lid: 'fresh', relationship: 'genres' }, data: linkage('3', '4').data },
        { op: 'remove', ref: { type: 'books', lid: 'fresh', relationship: 'genres' }, data: linkage('3').data },
        { op: 'update', href: `/v1/books/${bookId}/relationships/genres`, data: linkage('5').data },
      );
      expect(response.status).to.equal(200);
      const results = response.body['atomic:results'];
      expect(results.slice(1)).to.deep.equal([{}, {}, {}]);
      expect(await genresOf(Number(results[0].data.id))).to.deep.equal([4]);
      expect(await genresOf(bookId)).to.deep.equal([5]);
    });

    it('rolls the added book back when a relationship operation after it fails, pointing into the document', async () => {
      const before = await Book.count();
      const response = await operations(
        newBook,
        { op: 'add', ref: { type: 'books', lid: 'fresh', relationship: 'genres' }, data: linkage('3').data },
        {
          op: 'add',
          ref: { type: 'books', lid: 'fresh', relationship: 'genres' },
          data: [
            { type: 'genres', id: '3' },
            { type: 'authors', id: '1' },
          ],
        },
      );
      expect(response.status).to.equal(409);
      expect(response.body.errors[0].source.pointer).to.equal('/atomic:operations/2/data/1/type');
      expect(await Book.count()).to.equal(before);
      expect(await BookGenre.count({ where: { bookId: { [Op.gt]: SEEDED_BOOKS } } })).to.equal(0);
    });

    it('refuses a relationship operation of the wrong shape before any runs', async () => {
      const cases: Array<[unknown, string]> = [
        [{ op: 'add', ref: { type: 'books', id: '1', relationship: 'genres' }, data: { type: 'genres', id: '1' } }, '/atomic:operations/1/data'],
        [{ op: 'remove', ref: { type: 'books', relationship: 'genres' }, data: [] }, '/atomic:operations/1/ref'],
        [{ op: 'update', href: '/v1/books/1/relationships', data: [] }, '/atomic:operations/1/href'],
      ];
      const before = await Book.count();
      for (const [operation, pointer] of cases) {
        const response = await operations(newBook, operation);
        expect(response.status, JSON.stringify(operation)).to.equal(400);
        expect(response.body.errors[0].source.pointer, JSON.stringify(operation)).to.equal(pointer);
      }
      expect(await Book.count()).to.equal(before);
    });
  },
  { serializer: 'json-api' },
);
