import { expect } from 'chai';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { exampleQueries } from '../fixture/database';

/** The error message of an array-mode or JSON:API error body. */
const messageOf = (body: { error?: { message: string }; errors?: Array<{ detail: string }> }) => body.error?.message ?? body.errors?.[0].detail;

onBothFrameworks('the request query is read before the action runs', (app) => {
  it('a malformed include is a 400 before any SQL statement', async () => {
    let res: Awaited<ReturnType<ReturnType<typeof app>['get']>> | undefined;
    const statements = await exampleQueries(async () => (res = await app().get('/v1/books?include=comments:limit(x)')));
    expect(res!.status).to.equal(400);
    expect(statements).to.deep.equal([]);
  });

  it('an unknown top-level include on a POST is a 400 and writes nothing', async () => {
    const before = await Book.count();
    const res = await app().post('/v1/books?include=nope', { title: 'Never written', author_id: 1, publisher_id: 1 });
    expect(res.status).to.equal(400);
    expect(messageOf(res.body)).to.match(/unknown include "nope"; available: author, publisher, comments, genres/);
    expect(await Book.count()).to.equal(before);
  });

  it('a bad name below the top level is a 400 before any SQL statement, and a POST writes nothing', async () => {
    const refusedBeforeSql = async (target: string, reason: RegExp) => {
      let res: Awaited<ReturnType<ReturnType<typeof app>['get']>> | undefined;
      const statements = await exampleQueries(async () => (res = await app().get(target)));
      expect([res!.status, statements], target).to.deep.equal([400, []]);
      expect(messageOf(res!.body), target).to.match(reason);
    };
    await refusedBeforeSql('/v1/books?include=author.nope', /unknown include "nope"; available: books/);
    await refusedBeforeSql('/v1/books?include=author.books.nope', /unknown include "nope"/);
    await refusedBeforeSql('/v1/books?include=author.books:sort(version|desc)', /sort key "version" is not allowed for author.books/);
    await refusedBeforeSql('/v1/books?include=author.books&exclude=author.books.zzz', /unknown include "zzz"/);
    await refusedBeforeSql('/v1/books?fields[books]=title,nope', /"nope" is not a field of books/);
    await refusedBeforeSql('/v1/books?include=author&fields[authors]=nope', /"nope" is not a field of authors/);
    const before = await Book.count();
    for (const query of ['include=author.nope', 'fields[books]=nope', 'include=author.books:sort(version|asc)']) {
      const res = await app().post(`/v1/books?${query}`, { title: 'Never written', author_id: 1, publisher_id: 1 });
      expect(res.status, query).to.equal(400);
    }
    expect(await Book.count()).to.equal(before);
    expect((await app().get('/v1/books?include=author.books:sort(title|desc)&fields[authors]=name,books&fields[books]=title')).status).to.equal(200);
  });

  it('refuses sort keys with more than one "-"', async () => {
    const res = await app().get('/v1/books?sort=--title');
    expect(res.status).to.equal(400);
    expect(messageOf(res.body)).to.match(/more than one "-"/);
  });

  it('refuses an exclude below an include that is not included, as it refuses an unknown one', async () => {
    expect((await app().get('/v1/books/1?exclude=author.zzz')).status).to.equal(400);
    expect(messageOf((await app().get('/v1/books/1?exclude=author.books')).body)).to.match(/"author" is not included/);
    expect((await app().get('/v1/books/1?include=author&exclude=author.zzz')).status).to.equal(400);
    expect((await app().get('/v1/books/1?include=author.books&exclude=author.books')).status).to.equal(200);
  });

  it('sorts an include only by what its transformer sends, never by a hidden column', async () => {
    const hidden = await app().get('/v1/authors/1?include=books:sort(version|desc)');
    expect(hidden.status).to.equal(400);
    expect(messageOf(hidden.body)).to.match(
      /sort key "version" is not allowed for books; allowed: id, title, description, published_at, out_of_print, created_at/,
    );
    for (const key of ['title', 'published_at', 'created_at', 'id']) {
      expect((await app().get(`/v1/authors/1?include=books:sort(${key}|asc)`)).status, key).to.equal(200);
    }
  });

  it('decodes a "+" in a path parameter as itself, as Express does (not as a space)', async () => {
    for (const target of ['/v1/books/1e+0', '/v1/books/1e%2B0']) {
      const res = await app().get(target);
      expect([res.status, res.body.id], target).to.deep.equal([200, 1]);
    }
  });

  it('refuses the library parameters in spellings it does not read', async () => {
    for (const target of ['/v1/books?include[a]=author', '/v1/books?sort[a]=title', '/v1/books?page[]=2', '/v1/books?exclude[x]=author']) {
      const res = await app().get(target);
      expect(res.status, target).to.equal(400);
      expect(messageOf(res.body), target).to.match(/is not read in that form; write it as/);
    }
    expect((await app().get('/v1/books?include[]=author&include[]=publisher')).status).to.equal(200);
  });
});

onBothFrameworks(
  'the request query is read before the action runs, in json-api mode',
  (app) => {
    const send = (method: string, target: string, document?: unknown) =>
      app().get(target, {
        method,
        headers: { 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' },
        body: document === undefined ? undefined : JSON.stringify(document),
      });

    it('POST with an unknown include is a 400 and creates nothing', async () => {
      const before = await Book.count();
      const res = await send('POST', '/v1/books?include=nope', {
        data: {
          type: 'books',
          attributes: { title: 'Never written' },
          relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '1' } } },
        },
      });
      expect(res.status).to.equal(400);
      const nested = await send('POST', '/v1/books?include=author.nope&fields[authors]=name', {
        data: {
          type: 'books',
          attributes: { title: 'Never written' },
          relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '1' } } },
        },
      });
      expect(nested.status).to.equal(400);
      expect(await Book.count()).to.equal(before);
    });

    const book = (relationships: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
      data: {
        type: 'books',
        attributes: { title: 'Checked document' },
        relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '1' } }, ...relationships },
        ...data,
      },
    });
    const pointerOf = (res: { body: { errors: Array<{ source?: { pointer: string } }> } }) => res.body.errors[0].source?.pointer;

    it('checks the document against the endpoint: type and relationship types 409, client ids 403, missing related 404; nothing written', async () => {
      const before = await Book.count();
      const wrongType = await send('POST', '/v1/books', book({}, { type: 'authors' }));
      expect([wrongType.status, pointerOf(wrongType)]).to.deep.equal([409, '/data/type']);
      const wrongRelationship = await send('POST', '/v1/books', book({ author: { data: { type: 'publishers', id: '2' } } }));
      expect([wrongRelationship.status, pointerOf(wrongRelationship)]).to.deep.equal([409, '/data/relationships/author/data/type']);
      const clientId = await send('POST', '/v1/books', book({}, { id: '777' }));
      expect(clientId.status).to.equal(403);
      const missing = await send('POST', '/v1/books', book({ author: { data: { type: 'authors', id: '999' } } }));
      expect([missing.status, pointerOf(missing)]).to.deep.equal([404, '/data/relationships/author']);
      expect(await Book.count()).to.equal(before);
    });

    it('an update must carry the id of its URL: another id is a 409 that changes nothing, none a 400', async () => {
      const row = async () => (await Book.findByPk(2))!.get({ plain: true });
      const before = await row();
      const other = await send('PATCH', '/v1/books/2', { data: { type: 'books', id: '3', attributes: { title: 'Not book 3' } } });
      expect([other.status, pointerOf(other)]).to.deep.equal([409, '/data/id']);
      const none = await send('PATCH', '/v1/books/2', { data: { type: 'books', attributes: { title: 'No id' } } });
      expect(none.status).to.equal(400);
      const otherType = await send('PATCH', '/v1/books/2', { data: { type: 'authors', id: '2', attributes: { title: 'An author?' } } });
      expect([otherType.status, pointerOf(otherType)]).to.deep.equal([409, '/data/type']);
      expect(await row()).to.deep.equal(before);
    });

    it('points a failing relationship at /data/relationships, not at an internal attribute', async () => {
      const res = await send('PATCH', '/v1/books/2', { data: { type: 'books', id: '2', relationships: { author: { data: null } } } });
      expect([res.status, pointerOf(res)]).to.deep.equal([422, '/data/relationships/author']);
    });

    it('refuses filter on a route that declares none instead of answering unfiltered data', async () => {
      const res = await send('GET', '/v1/authors?filter[name]=Ada');
      expect(res.status).to.equal(400);
      expect(messageOf(res.body)).to.match(/this route filters nothing/);
      expect((await send('GET', '/v1/books?filter[title][contains]=silent')).status).to.equal(200);
    });

    it('refuses page members it does not read', async () => {
      expect((await send('GET', '/v1/books?page[offset]=2')).status).to.equal(400);
      expect((await send('GET', '/v1/books?page[number]=2&page[size]=2')).status).to.equal(200);
    });
  },
  { serializer: 'json-api' },
);
