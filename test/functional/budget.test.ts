import { expect } from 'chai';
import fc from 'fast-check';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { exampleQueries, quoted } from '../fixture/database';

/** The red-team request: a path that loops back on itself, multiplying at every second level. */
const LOOP = 'books:limit(100).publisher.books:limit(100).publisher.books:limit(100).publisher.books:limit(100).publisher.books:limit(100).publisher';

/** Every object with an `id` in a response body: the resources it holds. */
function countResources(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countResources(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  const own = 'id' in value ? 1 : 0;
  return Object.values(value).reduce((sum: number, item) => sum + countResources(item), own);
}

/** One segment of an include path: a name the example knows (or not) with an optional limit. */
const segment = fc
  .tuple(fc.constantFrom('books', 'publisher', 'author', 'comments', 'editor'), fc.option(fc.integer({ min: 0, max: 100 })))
  .map(([name, limit]) => (limit === null ? name : `${name}:limit(${limit})`));
const includePath = fc.array(segment, { minLength: 1, maxLength: 10 }).map((segments) => segments.join('.'));
const includeString = fc.array(includePath, { minLength: 1, maxLength: 4 }).map((paths) => paths.join(','));

onBothFrameworks('include.maxResources: one budget of work per response', (app) => {
  it('answers the looping red-team include with a 400 naming the budget, before the expensive levels load', async () => {
    let res: Awaited<ReturnType<ReturnType<typeof app>['get']>> | undefined;
    // What the refusal costs against the plain item is npm run bench's refusal_include_loop.
    const statements = await exampleQueries(async () => {
      res = await app().get(`/v1/publishers/1?include=${encodeURIComponent(LOOP)}`);
    });
    expect(res!.status).to.equal(400);
    expect(res!.body.error.message)
      .to.match(/over the 5000 one response may hold/)
      .and.match(/books\.publisher\.books\.publisher\.books/);
    expect(res!.body.error.message).to.match(/lower their limit\(n\)/);
    // The publisher, then books and publishers twice: the third books level is refused unloaded.
    expect(statements).to.have.length(5);
  });

  it('serves the acceptance-sized page (100 books with author, publisher, comments) and the README examples', async () => {
    for (const target of [
      '/v1/books?per_page=100&include=author,publisher,comments',
      '/v1/books?per_page=100&include=author,publisher,comments:limit(10)',
      '/v1/books?per_page=2&include=author,comments:limit(2|0)',
      '/v1/authors/2?include=books:limit(2|0).comments:limit(1)',
      '/v1/authors?include=books:limit(10).comments:limit(10)',
    ]) {
      const res = await app().get(target);
      expect(res.status, target).to.equal(200);
    }
  });

  it('refuses a level from its upper bound (parents x limit), not from what it would find', async () => {
    // 100 books hold about 500 comments, but limit(50) could hold 5,000: refused unloaded.
    const statements = await exampleQueries(async () => {
      const res = await app().get('/v1/books?per_page=100&include=comments:limit(50)');
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.match(/up to 5100 resources once "comments" is loaded/);
    });
    expect(statements.some((sql) => sql.includes(`FROM ${quoted('comments')}`))).to.equal(false);
  });

  it('property: include strings within the per-level caps never answer 5xx, never exceed the budget', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/v1/publishers/1', '/v1/books?per_page=100', '/v1/authors'), includeString, async (target, include) => {
        const res = await app().get(`${target}${target.includes('?') ? '&' : '?'}include=${encodeURIComponent(include)}`);
        expect(res.status, include).to.be.oneOf([200, 400]);
        if (res.status === 200) expect(countResources(res.body), include).to.be.at.most(5000);
      }),
      { numRuns: 60 },
    );
  });
});

onBothFrameworks('response.maxBytes: a bound on the bytes of one response', (app) => {
  let saved: Array<{ id: number; description: string | null }> = [];
  before(async () => {
    saved = (await Book.findAll({ attributes: ['id', 'description'] })).map((book) => ({ id: book.id, description: book.description }));
    await Book.update({ description: 'x'.repeat(10_000) }, { where: {}, hooks: false, silent: true });
  });
  after(async () => {
    for (const { id, description } of saved) await Book.update({ description }, { where: { id }, hooks: false, silent: true });
  });

  it('refuses a response of long descriptions over the default 4 MiB with a 400 naming the bound, before it is all built', async () => {
    let res: Awaited<ReturnType<ReturnType<typeof app>['get']>> | undefined;
    const statements = await exampleQueries(async () => {
      res = await app().get('/v1/books?per_page=100&include=author.books:limit(40),publisher');
    });
    expect(res!.status).to.equal(400);
    expect(res!.body.error.message).to.match(/larger than the 4194304 bytes one response may hold \(response\.maxBytes\)/);
    // The page (1 MB), its authors, then their books (10 MB): refused there, the publishers never loaded.
    expect(statements.some((sql) => sql.includes(quoted('publishers')))).to.equal(false);
  });

  it('still serves the page of 100 long books (about 1 MB)', async () => {
    const res = await app().get('/v1/books?per_page=100');
    expect(res.status).to.equal(200);
    expect(res.text.length).to.be.above(1_000_000);
  });
});

onBothFrameworks(
  'response.maxBytes: checked level by level',
  (app) => {
    it('stops after the first level that goes over, before the includes are loaded', async () => {
      let res: Awaited<ReturnType<ReturnType<typeof app>['get']>> | undefined;
      const statements = await exampleQueries(async () => {
        res = await app().get('/v1/books?per_page=100&include=author,publisher,comments:limit(10)');
      });
      expect(res!.status).to.equal(400);
      expect(res!.body.error.code).to.equal(400);
      // The page with its total, then nothing: the includes are never loaded.
      expect(statements, statements.join('\n')).to.have.length(1);
    });

    it('measures the encoded body exactly: multi-byte characters the estimate counts once are refused too', async () => {
      const book = (await Book.findByPk(1))!;
      const description = book.description;
      try {
        // 12,000 characters: about 12 kB by the walk's estimate, 24 kB as UTF-8.
        await Book.update({ description: 'é'.repeat(12_000) }, { where: { id: 1 }, hooks: false, silent: true });
        const res = await app().get('/v1/books/1');
        expect(res.status).to.equal(400);
        expect(res.body.error.message).to.match(/20000 bytes/);
        await Book.update({ description: 'é'.repeat(8_000) }, { where: { id: 1 }, hooks: false, silent: true });
        expect((await app().get('/v1/books/1')).status).to.equal(200);
      } finally {
        await Book.update({ description }, { where: { id: 1 }, hooks: false, silent: true });
      }
    });
  },
  { response: { maxBytes: 20_000 } },
);
