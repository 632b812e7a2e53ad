import { expect } from 'chai';
import { Model } from 'sequelize';
import type { SerializerName } from '../../src';
import { startExample, TestFramework } from './exampleServer';
import { eachFramework } from '../fixture/app';

/** Every read path the toolkit owns: pages and counts, cursors, one row by key, each include kind at depth 1-3, aggregates, filters, sorts, fieldsets. */
const READS = [
  '/v1/books?per_page=100&include=author,publisher,comments,genres',
  '/v1/books?page=3&include=author.books.comments:limit(2|1):sort(created_at|asc)',
  '/v1/books?include=comments:count,comments:avg(rating),comments:filter(rating|gte|4)',
  '/v1/books?sort=-title&fields[books]=title,author&fields[authors]=name&include=author',
  '/v1/books?filter[author.name][contains]=a&filter[published_at][gte]=2023-01-01&include=genres:filter(name|eq|Poetry)',
  '/v1/books?page[number]=2&page[size]=3&include=author,comments',
  '/v1/books/7?include=author,publisher.books,comments:limit(5),genres.books',
  '/v1/books/7/comments',
  '/v1/authors?include=books:count,books:min(published_at),books.comments',
  '/v1/authors/2/books?include=publisher',
  '/v1/publishers/1?include=books.genres',
  '/v1/genres?include=books:limit(2)',
  '/v1/comments?sort=-created',
  '/v1/books/9999',
];

/** The cursor route's second page: its token comes from the first. */
const CURSOR_FIRST = '/v1/comments?per_page=7';

/**
 * Counts the model instances Sequelize builds while `work` runs: every instance, whatever builds it,
 * goes through `Model.prototype._initValues` once (test-only: an internal of Sequelize 6).
 */
async function instancesBuilt(work: () => Promise<unknown>): Promise<number> {
  const prototype = Model.prototype as unknown as { _initValues: (...args: unknown[]) => unknown };
  const original = prototype._initValues;
  let built = 0;
  prototype._initValues = function (this: unknown, ...args: unknown[]) {
    built++;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype._initValues = original;
  }
  return built;
}

type Example = Awaited<ReturnType<typeof startExample>>;

/** Status, the headers a client could tell apart, and the exact body text of every read. */
async function answers(app: Example): Promise<string[]> {
  const all: string[] = [];
  const first = await app.get(CURSOR_FIRST);
  // JSON:API links the next page; the other modes give its token.
  const link: unknown = first.body?.links?.next;
  const next = typeof link === 'string' ? link.replace(/^https?:\/\/[^/]+/, '') : `${CURSOR_FIRST}&cursor=${first.body?.meta?.cursor?.next}`;
  const urls = [...READS, CURSOR_FIRST, next];
  for (const url of urls) {
    const answer = await app.get(url);
    all.push(`${url} ${answer.status} ${answer.headers.get('etag')} ${answer.headers.get('content-type')}\n${answer.text}`);
  }
  return all;
}

for (const framework of ['express', 'koa'] as TestFramework[]) {
  describe(`readAs: rows and model instances answer the same bytes [${framework}]`, () => {
    for (const serializer of ['array', 'data-array', 'json-api'] as SerializerName[]) {
      it(`in ${serializer} mode, on every read path the toolkit owns`, async () => {
        const config = { serializer, app: { url: 'http://api.test' } };
        const rows = await startExample(framework, { ...config, readAs: 'rows' });
        const instances = await startExample(framework, { ...config, readAs: 'instances' });
        try {
          const [fromRows, fromInstances] = [await answers(rows), await answers(instances)];
          expect(fromRows).to.have.length(READS.length + 2);
          for (let i = 0; i < fromRows.length; i++) expect(fromRows[i]).to.equal(fromInstances[i]);
          // The reads answer data, not errors, so that the comparison is worth something: only the
          // missing book is a 404, and JSON:API's page[...] parameters are a 400 in the other modes.
          const refused = fromRows.map((answer) => answer.split('\n')[0].split(' ').slice(0, 2).join(' ')).filter((line) => !line.endsWith(' 200'));
          const jsonApiPage = serializer === 'json-api' ? [] : ['/v1/books?page[number]=2&page[size]=3&include=author,comments 400'];
          expect(refused).to.deep.equal([...jsonApiPage, '/v1/books/9999 404']);
          expect(rows.errors.filter((error) => (error as { status: number }).status >= 500)).to.deep.equal([]);
        } finally {
          await Promise.all([rows.close(), instances.close()]);
        }
      });
    }

    it('builds no model instance for a page of 100 with its includes; readAs: instances builds one per row', async () => {
      const url = '/v1/books?per_page=100&include=author,publisher,comments,genres';
      const rows = await startExample(framework, { readAs: 'rows' });
      const instances = await startExample(framework, { readAs: 'instances' });
      try {
        await rows.get(url);
        expect(await instancesBuilt(() => rows.get(url))).to.equal(0);
        expect(await instancesBuilt(() => rows.get('/v1/books/7?include=genres.books'))).to.equal(0);
        // 100 books, their authors and publishers, up to 3 comments and 3 genres (with their through rows) each.
        expect(await instancesBuilt(() => instances.get(url))).to.be.greaterThan(300);
      } finally {
        await Promise.all([rows.close(), instances.close()]);
      }
    });
  });
}

eachFramework(
  'readAs: a transformer that declares instances gets them',
  (app) => {
    it('at the top and in its includes; without the declaration, an instance method on a row is RCA_ROW_NOT_INSTANCE (500)', async () => {
      const declared = await app().get('/v1/books/instances?include=author');
      expect(declared.status).to.equal(200);
      expect(declared.body.data[0]).to.deep.equal({ id: 1, unchanged: true, instance: true, author: { id: 10, unchanged: true, instance: true } });
      const undeclared = await app().get('/v1/books/undeclared-instances');
      expect(undeclared.status).to.equal(500);
      expect(undeclared.body.error.message).to.match(/^Book\.changed\(\) was called on a row, not a model instance/);
    });
  },
  { debug: true },
);
