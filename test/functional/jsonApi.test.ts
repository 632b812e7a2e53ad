import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Jsona from 'jsona';
import schema from '../fixture/jsonapi-1.1.schema.json';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { ATOMIC_MEDIA_TYPE } from '../../src';
import { ADDED_BY_TESTS } from '../fixture/seededRows';

/** The official JSON:API 1.1 schema (a copy of jsonapi.org's), as ajv compiles it. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

function expectValid(document: unknown, what: string): void {
  const ok = validate(document);
  expect(ok, `${what}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).to.equal(true);
}

onBothFrameworks(
  'JSON:API mode (API_SERIALIZER=json-api): documents and error objects',
  (app) => {
    it('answers success documents that validate, as application/vnd.api+json with no parameters and the jsonapi member', async () => {
      for (const target of ['/v1/books/1', '/v1/books?include=author,comments:limit(2)', '/v1/authors/2?include=books.comments']) {
        const res = await app().get(target);
        expect(res.status, target).to.equal(200);
        expect(res.headers.get('content-type'), target).to.equal('application/vnd.api+json');
        expect(res.body.jsonapi).to.deep.equal({ version: '1.1' });
        expectValid(res.body, target);
      }
    });

    it("says in a relationship's meta when the include's limit cut it", async () => {
      const book = (await Book.findAll({ include: ['comments'] })).find((b) => ((b as unknown as { comments: unknown[] }).comments.length ?? 0) >= 5)!;
      const res = await app().get(`/v1/books/${book.id}?include=comments`);
      expect(res.body.data.relationships.comments.data).to.have.length(3);
      expect(res.body.data.relationships.comments.meta).to.deep.equal({ limit: 3, offset: 0, more: true });
      expectValid(res.body, 'cut relationship');
    });

    it('puts the self link in links.self of every resource, not among the attributes', async () => {
      const res = await app().get('/v1/books/1?include=author');
      expect(res.body.data.links).to.deep.equal({ self: `${app().url}/v1/books/1` });
      expect(res.body.data.attributes).not.to.have.property('link');
      expect(res.body.included[0].links.self).to.equal(`${app().url}/v1/authors/${res.body.included[0].id}`);
    });

    it('paginates with page[number] and page[size], and links keep that family', async () => {
      const res = await app().get('/v1/books?page[number]=2&page[size]=3');
      expect(res.body.data).to.have.length(3);
      expect(res.body.meta.pagination).to.include({ current_page: 2, per_page: 3 });
      const next = new URL(res.body.links.next);
      expect([next.searchParams.get('page[number]'), next.searchParams.get('page[size]')]).to.deep.equal(['3', '3']);
      expectValid(res.body, 'page 2');
      const bad = await app().get('/v1/books?page[size]=0');
      expect([bad.status, bad.body.errors[0].code]).to.deep.equal([400, 'RCA_PAGINATION_INVALID']);
      expectValid(bad.body, 'page[size]=0');
    });

    it('answers errors as JSON:API error objects that validate: 404, 400, unknown route, 405', async () => {
      const cases: Array<[string, RequestInit, number, RegExp | null]> = [
        ['/v1/books/9999', {}, 404, /Book 9999 was not found/],
        ['/v1/books?include=editor', {}, 400, /unknown include "editor"/],
        ['/v1/nowhere', {}, 404, /No route matches GET \/v1\/nowhere/],
        ['/v1/books/1', { method: 'POST' }, 405, /POST is not allowed/],
      ];
      for (const [target, init, status, detail] of cases) {
        const res = await app().get(target, init);
        expect([res.status, res.headers.get('content-type')], target).to.deep.equal([status, 'application/vnd.api+json']);
        expect(res.body.errors[0].status).to.equal(String(status));
        if (detail) expect(res.body.errors[0].detail).to.match(detail);
        expectValid(res.body, target);
      }
      const include = await app().get('/v1/books?include=editor');
      expect(include.body.errors[0].code).to.equal('RCA_INCLUDE_INVALID');
    });

    it('negotiates: 406 when every JSON:API Accept carries a foreign parameter, 415 for a parameterised Content-Type', async () => {
      const refused = await app().get('/v1/books/1', { headers: { accept: 'application/vnd.api+json; version=2' } });
      expect([refused.status, refused.body.errors[0].code]).to.deep.equal([406, 'RCA_JSONAPI_NOT_ACCEPTABLE']);
      expectValid(refused.body, '406');
      for (const accept of [
        'application/vnd.api+json; version=2, application/vnd.api+json',
        'application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"',
        '*/*',
      ]) {
        expect((await app().get('/v1/books/1', { headers: { accept } })).status, accept).to.equal(200);
      }
      const count = await Book.count();
      const labelled = await app().get('/v1/books', {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
        body: JSON.stringify({ title: 'Labelled', author_id: 1, publisher_id: 1 }),
      });
      expect([labelled.status, labelled.body.errors[0].code]).to.deep.equal([415, 'RCA_JSONAPI_MEDIA_TYPE']);
      expectValid(labelled.body, '415');
      expect(await Book.count()).to.equal(count);
    });

    it('answers 400 for a reserved query parameter it does not implement (foo), and for sort where the route cannot sort', async () => {
      for (const [target, code] of [
        ['/v1/books?foo=1', 'RCA_JSONAPI_PARAMETER'],
        ['/v1/books/1?sort=-title', 'RCA_SORT_INVALID'],
        ['/v1/publishers?sort=name', 'RCA_SORT_INVALID'],
        ['/v1/books?sort=isbn', 'RCA_SORT_INVALID'],
      ]) {
        const res = await app().get(target);
        expect([res.status, res.body.errors[0].code], target).to.deep.equal([400, code]);
        expectValid(res.body, target);
      }
      expect((await app().get('/v1/books?sort=-title')).status).to.equal(200);
      expect((await app().get('/v1/books?include=author&page[size]=2&callback_id=x')).status).to.equal(200);
    });

    it('a JSON:API client creates (201, Location, the resource document), updates with PATCH, reads and deletes a book', async () => {
      const send = (method: string, target: string, document?: unknown) =>
        app().get(target, {
          method,
          headers: { 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' },
          body: document === undefined ? undefined : JSON.stringify(document),
        });
      const created = await send('POST', '/v1/books', {
        data: {
          type: 'books',
          attributes: { title: 'Sent as JSON:API', out_of_print: true },
          relationships: { author: { data: { type: 'authors', id: '3' } }, publisher: { data: { type: 'publishers', id: '2' } } },
        },
      });
      expect(created.status, created.text).to.equal(201);
      expectValid(created.body, '201');
      const id = created.body.data.id as string;
      expect(created.body.data).to.deep.include({ type: 'books', links: { self: `${app().url}/v1/books/${id}` } });
      expect(created.headers.get('location')).to.equal(`${app().url}/v1/books/${id}`);
      const row = (await Book.findByPk(Number(id)))!;
      expect([row.title, row.outOfPrint, row.authorId, row.publisherId]).to.deep.equal(['Sent as JSON:API', true, 3, 2]);
      const patched = await send('PATCH', `/v1/books/${id}`, { data: { type: 'books', id, attributes: { title: 'Patched as JSON:API' } } });
      expect(patched.status).to.equal(200);
      const read = await send('GET', `/v1/books/${id}?include=author`);
      expect(read.body.data.attributes.title).to.equal('Patched as JSON:API');
      expect(read.body.data.relationships.author.data).to.deep.equal({ type: 'authors', id: '3' });
      expectValid(read.body, 'read');
      expect((await send('DELETE', `/v1/books/${id}`)).status).to.equal(200);
      expect(await Book.findByPk(Number(id))).to.equal(null);
    });

    it('answers 400 for a body that is not a resource document, and writes nothing', async () => {
      const count = await Book.count();
      for (const body of [
        { title: 'Flat' },
        { data: [] },
        { data: { attributes: {} } },
        { data: { type: 'books', relationships: { author: { data: [] } } } },
      ]) {
        const res = await app().get('/v1/books', { method: 'POST', headers: { 'content-type': 'application/vnd.api+json' }, body: JSON.stringify(body) });
        expect([res.status, res.body.errors[0].code], JSON.stringify(body)).to.deep.equal([400, 'RCA_JSONAPI_DOCUMENT']);
        expectValid(res.body, 'document');
      }
      expect(await Book.count()).to.equal(count);
    });

    it('sparse fieldsets: only the asked attributes and relationships; what was included is still in included', async () => {
      const res = await app().get('/v1/books?include=author,comments&fields[books]=title,author&fields[authors]=name&page[size]=3&sort=created');
      expectValid(res.body, 'fieldsets');
      for (const book of res.body.data) {
        expect(Object.keys(book.attributes)).to.deep.equal(['title']);
        expect(Object.keys(book.relationships)).to.deep.equal(['author']);
        expect(book.links.self).to.equal(`${app().url}/v1/books/${book.id}`);
      }
      const types = new Set(res.body.included.map((resource: { type: string }) => resource.type));
      expect([...types]).to.have.members(['authors', 'comments']);
      for (const author of res.body.included.filter((resource: { type: string }) => resource.type === 'authors')) {
        expect(Object.keys(author.attributes)).to.deep.equal(['name']);
      }
      const unknown = await app().get('/v1/books?fields[books]=isbn');
      expect([unknown.status, unknown.body.errors[0].code]).to.deep.equal([400, 'RCA_FIELDS_INVALID']);
      expectValid(unknown.body, 'unknown field');
    });

    it('sorts with sort=-field,field and keeps it in the page links', async () => {
      const res = await app().get('/v1/books?sort=-title&page[size]=4');
      const titles = res.body.data.map((book: { attributes: { title: string } }) => book.attributes.title);
      const expected = (
        await Book.findAll({
          order: [
            ['title', 'DESC'],
            ['id', 'ASC'],
          ],
          limit: 4,
        })
      ).map((book) => book.title);
      expect(titles).to.deep.equal(expected);
      expect(new URL(res.body.links.next).searchParams.get('sort')).to.equal('-title');
      expectValid(res.body, 'sorted');
    });

    it('every document of the example validates: each GET route, the writes, the errors', async () => {
      const index = await app().get('/v1');
      expectValid(index.body, '/v1');
      const targets = Object.values(index.body.meta.links as Record<string, { method: string; href: string }>)
        .filter((link) => link.method === 'GET')
        .map((link) => new URL(link.href.replace('{id}', '2')).pathname)
        // The API's description (OpenAPI JSON, the HTML page and its files) is not a JSON:API resource.
        .filter((path) => !path.startsWith('/v1/openapi') && !path.startsWith('/v1/docs'));
      expect(targets).to.include.members(['/v1/books', '/v1/authors/2/profile', '/v1/publishers/2']);
      for (const target of [...targets, '/health', '/v1/books/2?include=author,publisher,comments', '/v1/authors?include=books.comments&sort=name']) {
        const res = await app().get(target);
        expect(res.status, target).to.equal(200);
        expect(res.headers.get('content-type'), target).to.equal('application/vnd.api+json');
        expectValid(res.body, target);
      }
      for (const target of ['/v1/books/abc', '/v1/authors/999/profile', '/v1/books?include=nope', '/v1/books?exclude=nope', '/v1/books?page[number]=x']) {
        const res = await app().get(target);
        expect(res.status, target).to.be.within(400, 499);
        expectValid(res.body, target);
      }
      const json = { 'content-type': 'application/vnd.api+json' };
      const tooLarge = await app().get('/v1/books', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ data: { type: 'books', attributes: { title: 'x'.repeat(200_000) } } }),
      });
      const stale = await app().get('/v1/books/2', {
        method: 'PATCH',
        headers: { ...json, 'if-match': '"stale"' },
        body: JSON.stringify({ data: { type: 'books', id: '2', attributes: { title: 'Never' } } }),
      });
      for (const [res, status] of [
        [tooLarge, 413],
        [stale, 412],
      ] as const) {
        expect(res.status).to.equal(status);
        expectValid(res.body, String(status));
      }
    });

    it('jsona, a JSON:API client library, creates, reads with includes and fieldsets, updates and deletes a book', async () => {
      const jsona = new Jsona();
      const send = (method: string, target: string, document?: unknown) =>
        app().get(target, {
          method,
          headers: { 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' },
          body: document === undefined ? undefined : JSON.stringify(document),
        });
      const author = { type: 'authors', id: '4' };
      const publisher = { type: 'publishers', id: '1' };
      const draft = { type: 'books', title: 'Written by jsona', out_of_print: false, author, publisher, relationshipNames: ['author', 'publisher'] };
      const created = await send('POST', '/v1/books', jsona.serialize({ stuff: draft }));
      expect(created.status, created.text).to.equal(201);
      const book = jsona.deserialize(created.body) as { id: string; title: string };
      expect(book.title).to.equal('Written by jsona');
      const read = await send('GET', `/v1/books/${book.id}?include=author,comments&fields[books]=title,author&fields[authors]=name`);
      expectValid(read.body, 'read');
      const model = jsona.deserialize(read.body) as { title: string; description?: string; author: { id: string; name: string; email?: string } };
      expect(model.title).to.equal('Written by jsona');
      expect(model).to.not.have.property('description');
      expect(model.author).to.include({ id: '4' });
      expect(model.author.name).to.be.a('string');
      expect(model.author).to.not.have.property('email');
      const patched = await send('PATCH', `/v1/books/${book.id}`, jsona.serialize({ stuff: { type: 'books', id: book.id, title: 'Renamed by jsona' } }));
      expect(patched.status, patched.text).to.equal(200);
      expectValid(patched.body, 'patched');
      const again = jsona.deserialize((await send('GET', `/v1/books/${book.id}`)).body) as { title: string };
      expect(again.title).to.equal('Renamed by jsona');
      const deleted = await send('DELETE', `/v1/books/${book.id}`);
      expect(deleted.status).to.equal(200);
      expectValid(deleted.body, 'deleted');
      expect((await send('GET', `/v1/books/${book.id}`)).status).to.equal(404);
    });

    it('answers a 422 with one error object per message, each pointing at its attribute', async () => {
      const res = await app().post('/v1/books', { title: 'x', author_id: 99, publisher_id: 1 });
      expect(res.status).to.equal(422);
      expectValid(res.body, '422');
      const pointers = res.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer);
      expect(pointers).to.include.members(['/data/attributes/title', '/data/attributes/author_id']);
      expect(res.body.errors.every((error: { status: string; title: string }) => error.status === '422' && error.title === 'Unprocessable Entity')).to.equal(
        true,
      );
    });
  },
  { serializer: 'json-api' },
);

onBothFrameworks(
  'resource identifiers: one check wherever a document names a related resource',
  (app) => {
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    const send = (method: string, target: string, document: unknown, type = 'application/vnd.api+json') =>
      app().get(target, { method, headers: { 'content-type': type, accept: type }, body: JSON.stringify(document) });
    const book = (author: unknown) => ({
      data: {
        type: 'books',
        attributes: { title: 'Identified' },
        relationships: { author: { data: author }, publisher: { data: { type: 'publishers', id: '2' } } },
      },
    });

    for (const [what, identifier] of [
      ['an unknown member', { type: 'authors', id: '1', rank: 1 }],
      ['a meta that is not an object', { type: 'authors', id: '1', meta: 'x' }],
    ] as const) {
      it(`refuses ${what} with a 400 in a create, an update, an atomic add and a relationship endpoint; nothing written`, async () => {
        const before = await Book.count();
        const created = await send('POST', '/v1/books', book(identifier));
        const updated = await send('PATCH', '/v1/books/3', { data: { type: 'books', id: '3', relationships: { author: { data: identifier } } } });
        const linked = await send('POST', '/v1/books/3/relationships/genres', { data: [{ ...identifier, type: 'genres' }] });
        const atomic = await send('POST', '/v1/operations', { 'atomic:operations': [{ op: 'add', data: book(identifier).data }] }, ATOMIC_MEDIA_TYPE);
        for (const [name, res] of Object.entries({ created, updated, linked, atomic })) expect(res.status, `${name}: ${res.text}`).to.equal(400);
        expect(await Book.count()).to.equal(before);
        const ok = await send('POST', '/v1/books', book({ type: 'authors', id: '1', meta: { note: 'fine' } }));
        expect(ok.status, ok.text).to.equal(201);
      });
    }
  },
  { serializer: 'json-api' },
);
