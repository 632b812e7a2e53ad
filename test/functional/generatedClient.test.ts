import { expect } from 'chai';
import { createClient, type Client } from '../../src/client';
import { Api, typedApi } from '../../src';
import { routeKinds, type Routes } from '../../example/client.gen';
import { routeKinds as jsonApiKinds, type Routes as JsonApiRoutes } from '../../example/client.json-api.gen';
import { onBothFrameworks } from './exampleServer';

const keysOf = (value: unknown) => Object.keys(value as object).sort();

onBothFrameworks(
  'the typed client over the example (array)',
  (app) => {
    let client: Client<Routes>;
    before(() => {
      client = createClient<Routes>({ baseUrl: app().url, routes: routeKinds });
    });

    it('answers an item with what include names, nested, and nothing it does not', async () => {
      const res = await client.get('/v1/books/{id}', { params: { id: 2 }, include: ['author', 'comments:limit(1)', 'publisher.books'] });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const book = res.data;
      expect(book.id).to.equal(2);
      expect(book.author?.name).to.be.a('string');
      expect(book.comments.data).to.have.length(1);
      expect(book.comments.meta).to.deep.equal({ limit: 1, offset: 0, more: true });
      expect(book.publisher?.books.data[0].title).to.be.a('string');
      expect(book).to.not.have.property('genres');
    });

    it('sends fields, aggregates, sort, filter (relation paths, OR groups) and the page as the server reads them', async () => {
      const res = await client.get('/v1/books', {
        include: ['comments:count', 'comments:avg(rating)'],
        fields: { books: ['title'] },
        sort: ['-title'],
        filter: { title: { contains: 'Proof' }, or: [{ 'author.name': { contains: 'a' } }, { out_of_print: true }] },
        perPage: 3,
        page: 2,
      });
      if (!res.ok) throw new Error(`status ${res.status}: ${JSON.stringify(res.error)}`);
      expect(res.data.length).to.be.within(1, 3);
      for (const book of res.data) {
        expect(keysOf(book)).to.deep.equal(['comments_avg_rating', 'comments_count', 'id', 'title']);
        expect(book.title).to.include('Proof');
      }
      const titles = res.data.map((book) => book.title);
      expect(titles).to.deep.equal([...titles].sort().reverse());
      expect(res.meta.pagination.current_page).to.equal(2);
      expect(res.meta.pagination.per_page).to.equal(3);
    });

    it('reads a cursor page and follows its next token', async () => {
      const first = await client.get('/v1/comments', { perPage: 2 });
      if (!first.ok) throw new Error(`status ${first.status}`);
      const next = await client.get('/v1/comments', { perPage: 2, cursor: first.meta.cursor.next! });
      if (!next.ok) throw new Error(`status ${next.status}`);
      expect(next.data.map((comment) => comment.id)).to.not.include.members(first.data.map((comment) => comment.id));
    });

    it("answers an error with the toolkit's body and status, never a throw", async () => {
      const missing = await client.get('/v1/books/{id}', { params: { id: 99999 } });
      expect(missing.ok).to.equal(false);
      if (missing.ok) return;
      expect(missing.status).to.equal(404);
      expect(missing.error.error.code).to.equal(404);
      const refused = await client.get('/v1/books', { query: { include: 'nope' } });
      expect(refused.status).to.equal(400);
    });

    it('types in-process calls the same way (typedApi over Api, in a transaction too), no socket', async () => {
      const api = new Api().forApp(app().app);
      const books = typedApi<Routes>(api, routeKinds);
      const res = await books.get('/v1/books/{id}', { params: { id: 2 }, include: ['author'], fields: { books: ['title', 'author'] } });
      if (!res.ok) throw new Error(`status ${res.status}`);
      expect(keysOf(res.data)).to.deep.equal(['author', 'id', 'title']);
      expect(res.data.author?.id).to.be.a('number');
      const title = await api.transaction(async (tx) => {
        const created = await typedApi<Routes>(tx, routeKinds).post('/v1/books', { body: { title: 'In a transaction', author_id: 1, publisher_id: 1 } });
        if (!created.ok) throw new Error(`status ${created.status}`);
        const read = await typedApi<Routes>(tx, routeKinds).get('/v1/books/{id}', { params: { id: created.data.id } });
        if (!read.ok) throw new Error(`status ${read.status}`);
        await typedApi<Routes>(tx, routeKinds).delete('/v1/books/{id}', { params: { id: created.data.id } });
        return read.data.title;
      });
      expect(title).to.equal('In a transaction');
      const missing = await books.get('/v1/books/{id}', { params: { id: 99999 } });
      expect(missing.ok).to.equal(false);
      expect(missing.status).to.equal(404);
    });

    it('sends a body and answers the created resource', async () => {
      const created = await client.post('/v1/books', { body: { title: 'Typed', author_id: 1, publisher_id: 1 } });
      if (!created.ok) throw new Error(`status ${created.status}: ${JSON.stringify(created.error)}`);
      expect(created.status).to.equal(201);
      expect(created.data.title).to.equal('Typed');
      const removed = await client.delete('/v1/books/{id}', { params: { id: created.data.id } });
      expect(removed.status).to.equal(200);
    });
  },
  { serializer: 'array' },
);

onBothFrameworks(
  'the typed client over the example (json-api)',
  (app) => {
    let client: Client<JsonApiRoutes>;
    before(() => {
      client = createClient<JsonApiRoutes>({ baseUrl: app().url, routes: jsonApiKinds });
    });

    it('nests the document as the array envelope does: included relations resolved, aggregates as fields, cut collections with their meta', async () => {
      const res = await client.get('/v1/books/{id}', {
        params: { id: 2 },
        include: ['author.books', 'comments:limit(1)', 'comments:count', 'comments:avg(rating)'],
        fields: { authors: ['name', 'books'] },
      });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const book = res.data;
      expect(book.id).to.equal('2');
      expect(book.type).to.equal('books');
      expect(book.title).to.be.a('string');
      expect(keysOf(book.author)).to.deep.equal(['books', 'id', 'links', 'name', 'type']);
      expect(book.author?.books.data[0].type).to.equal('books');
      expect(book.comments.data).to.have.length(1);
      expect(book.comments.meta).to.deep.equal({ limit: 1, offset: 0, more: true });
      expect(book.comments_count).to.be.a('number');
      expect(book.comments_avg_rating).to.satisfy((value: unknown) => value === null || typeof value === 'number');
      expect(book).to.not.have.property('genres');
    });

    it('keeps the document as it is when asked', async () => {
      const raw = createClient<JsonApiRoutes>({ baseUrl: app().url, routes: jsonApiKinds, rawDocuments: true });
      const res = await raw.get('/v1/books/{id}', { params: { id: 2 }, include: ['author'] });
      expect(res.body).to.have.nested.property('data.relationships.author.data.type', 'authors');
      expect(res.body).to.have.property('included');
    });

    it('pages with the JSON:API page family and answers errors as errors[]', async () => {
      const res = await client.get('/v1/books', { perPage: 2, page: 2, sort: ['title'] });
      if (!res.ok) throw new Error(`status ${res.status}`);
      expect(res.data).to.have.length(2);
      expect(res.meta.pagination.current_page).to.equal(2);
      const missing = await client.get('/v1/books/{id}', { params: { id: 99999 } });
      if (missing.ok) throw new Error('found');
      expect(missing.error.errors[0].status).to.equal('404');
    });
  },
  { serializer: 'json-api' },
);
