import { expect } from 'chai';
import { Book } from '../../example/models';
import { eachFramework } from '../fixture/app';

eachFramework(
  'serializer: data-array',
  (app) => {
    it('wraps items and included items in data', async () => {
      const res = await app().get('/v1/books/1?include=author');
      expect(res.body.data).to.include({ id: 1, title: 'The Hidden Proof 1' });
      expect(res.body.data.author).to.deep.equal({ data: { id: 10, name: 'John Backus' } });
    });
  },
  { serializer: 'data-array' },
);

eachFramework(
  'serializer: json-api',
  (app) => {
    it('answers JSON:API documents with de-duplicated included resources and top-level links', async () => {
      // JSON:API's page family: page[size] and page[number].
      const res = await app().get('/v1/books?page[size]=8&include=author');
      expect(res.headers.get('content-type')).to.equal('application/vnd.api+json');
      const page = await Book.findAll({ order: [['createdAt', 'DESC']], limit: 8 });
      expect(res.body.data[0]).to.deep.include({ type: 'books', id: String(page[0].id) });
      expect(res.body.data[0].attributes).to.include({ title: page[0].title });
      expect(res.body.data[0].relationships.author).to.deep.equal({ data: { type: 'author', id: String(page[0].authorId) } });
      const authors = [...new Set(page.map((book) => String(book.authorId)))].sort();
      expect(res.body.included.map((r: { id: string }) => r.id).sort()).to.deep.equal(authors);
      expect(res.body.links.next).to.equal(`${app().url}/v1/books?page%5Bsize%5D=8&include=author&page%5Bnumber%5D=2`);
      expect(res.body.meta.pagination.total).to.equal(100);
    });
  },
  { serializer: 'json-api' },
);

eachFramework(
  'convert.key camel and convert.date format',
  (app) => {
    it('camel-cases every key, pagination included, and formats dates', async () => {
      const res = await app().get('/r/respond');
      expect(res.body).to.deep.include({ someKey: 'v', when: '1970-01-01' });
      const page = await app().get('/v1/books?include=latest_comment&per_page=2');
      expect(page.body.meta.pagination).to.include({ perPage: 2, currentPage: 1, totalPages: 50 });
      expect(page.body.data[0]).to.have.property('latestComment');
      // Book 100, the newest, was published on 2023-03-07.
      expect(page.body.data[0]).to.have.property('publishedAt', '2023-03-07');
    });
  },
  { convert: { key: 'camel', date: 'YYYY-MM-DD' } },
);

eachFramework(
  'jsonEncodeOption',
  (app) => {
    it('pretty-prints and escapes unicode and slashes', async () => {
      const res = await app().get('/r/respond');
      expect(res.text).to.include('\n    "some_key": "v"');
      expect(res.text).to.include('"path": "a\\/b"');
      expect(res.text).to.include('"word": "caf\\u00e9"');
      expect(res.body.word).to.equal('café');
    });
  },
  { jsonEncodeOption: { pretty: true, escapeUnicode: true, escapeSlashes: true } },
);

eachFramework(
  'suppressResponseCode, successFormat, errorFormat, include.key, jsonp.param',
  (app) => {
    it('answers 200 with the real status in the body', async () => {
      const res = await app().get('/r/helper/notFoundError');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ failed: true, status: 404, reason: 'Not Found' });
      const unknown = await app().get('/nowhere');
      expect([unknown.status, unknown.body.status]).to.deep.equal([200, 404]);
    });

    it('uses the configured success format', async () => {
      expect((await app().get('/r/success')).body).to.deep.equal({ ok: { status: 200, text: 'Success' } });
    });

    it('reads includes from the configured key', async () => {
      expect((await app().get('/v1/books/5?with=author')).body.author.id).to.equal(4);
      expect((await app().get('/v1/books/5?include=author')).body).not.to.have.property('author');
    });

    it('reads the JSONP callback from the configured parameter', async () => {
      expect((await app().get('/v1/books/5?cb=fn')).text).to.match(/^\/\*\*\/ typeof fn === 'function'/);
    });
  },
  {
    suppressResponseCode: true,
    successFormat: { ok: { status: ':code', text: ':message' } },
    errorFormat: { failed: true, status: ':code', reason: ':message' },
    include: { key: 'with' },
    jsonp: { enabled: true, param: 'cb' },
  },
);
