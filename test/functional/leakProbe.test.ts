import { expect } from 'chai';
import fc from 'fast-check';
import { Op } from 'sequelize';
import { Author, Book } from '../../example/models';
import type { SerializerName } from '../../src';
import { entityTag } from '../../src/response/entityTag';
import { policies, principal, READER, VISIBLE_BOOKS } from '../fixture/policies';
import { startExample, TestFramework } from './exampleServer';

/**
 * The leak probe: for each caller, each name its policy hides and each query family, the answer to a
 * request naming the hidden field, relation or row is the answer to the same request naming one that
 * does not exist (the name aside), directly and inside a batch; and no answer to a restricted caller
 * holds a hidden value. The policies are test/fixture/policies.ts's.
 */
type Role = 'anonymous' | 'reader';
const HEADERS: Record<Role, Record<string, string>> = { anonymous: {}, reader: READER.headers };

/** One probe: a request with `{N}` where the hidden name goes, who asks, and what is hidden from them. */
interface Probe {
  roles: readonly Role[];
  name: string;
  path: string;
}

const FIELD_PROBES: Probe[] = [
  // Filters, with each operator the field declares, and a search over a hidden column.
  ...['contains', 'null'].map((op) => ({ roles: ['anonymous', 'reader'] as const, name: 'description', path: `/v1/books?filter[{N}][${op}]=true` })),
  { roles: ['anonymous', 'reader'], name: 'q', path: '/v1/books?filter[{N}]=classic' },
  ...['eq', 'gt', 'gte', 'lt', 'lte', 'null'].map((op) => ({
    roles: ['reader'] as const,
    name: 'published_at',
    path: `/v1/books?filter[{N}][${op}]=2020-01-01`,
  })),
  { roles: ['reader'], name: 'published_at', path: '/v1/books?filter[{N}][between]=2000-01-01,2030-01-01' },
  { roles: ['reader'], name: 'published_at', path: '/v1/books?filter[or][0][{N}][gte]=2020-01-01&filter[or][1][title][contains]=a' },
  { roles: ['reader'], name: 'genres', path: '/v1/books?filter[{N}.name][eq]=Poetry' },
  { roles: ['reader'], name: 'genres', path: '/v1/books?filter[{N}.name][in]=Poetry,Essays' },
  // Sorts, at the top level and on a relationship route.
  { roles: ['reader'], name: 'published_at', path: '/v1/books?sort={N}' },
  { roles: ['reader'], name: 'published_at', path: '/v1/books?sort=title,-{N}' },
  { roles: ['reader'], name: 'published_at', path: '/v1/authors/2/books?sort=-{N}' },
  // Includes at depth 1 to 3, their counts, excludes.
  { roles: ['reader'], name: 'genres', path: '/v1/books?include={N}' },
  { roles: ['reader'], name: 'genres', path: '/v1/books?include=author.books.{N}' },
  { roles: ['reader'], name: 'genres', path: '/v1/publishers/1?include=books.{N}' },
  { roles: ['reader'], name: 'genres', path: '/v1/books?include={N}:count' },
  { roles: ['reader'], name: 'genres', path: '/v1/books?include=author,{N}:limit(2|0)' },
  { roles: ['reader'], name: 'genres', path: '/v1/books?exclude={N}' },
  // A relationship endpoint of the hidden relation (@Relationship): no such route.
  { roles: ['reader'], name: 'genres', path: '/v1/books/1/relationships/{N}' },
  // An include's filter(), sort() and aggregates, at depth 1 and 3.
  { roles: ['reader'], name: 'rating', path: '/v1/books?include=comments:filter({N}|gte|3)' },
  { roles: ['reader'], name: 'rating', path: '/v1/books?include=comments:sort({N}|desc)' },
  { roles: ['reader'], name: 'rating', path: '/v1/books?include=author.books.comments:sort({N}|asc)' },
  ...['avg', 'sum', 'min', 'max'].map((fn) => ({ roles: ['reader'] as const, name: 'rating', path: `/v1/books?include=comments:${fn}({N})` })),
  { roles: ['reader'], name: 'published_at', path: '/v1/authors?include=books:min({N})' },
  { roles: ['reader'], name: 'published_at', path: '/v1/authors?include=books:filter({N}|gte|2020-01-01)' },
  // Sparse fieldsets, of the listed type and of included ones, on pages and cursor pages.
  { roles: ['anonymous', 'reader'], name: 'description', path: '/v1/books?fields[books]=title,{N}' },
  { roles: ['anonymous', 'reader'], name: 'email', path: '/v1/books?include=author&fields[authors]=name,{N}' },
  { roles: ['anonymous', 'reader'], name: 'email', path: '/v1/authors?fields[authors]={N}' },
  { roles: ['anonymous', 'reader'], name: 'email', path: '/v1/publishers/1?include=books.author&fields[authors]={N}' },
  { roles: ['anonymous', 'reader'], name: 'description', path: '/v1/authors/2?include=books&fields[books]={N}' },
  { roles: ['reader'], name: 'genres', path: '/v1/books?fields[books]=title,{N}' },
  { roles: ['reader'], name: 'rating', path: '/v1/books?include=comments&fields[comments]=body,{N}' },
  { roles: ['reader'], name: 'rating', path: '/v1/comments?fields[comments]={N}' },
];

/** Rows: a hidden book's id where a missing book's id goes (`{N}`). */
const ROW_PROBES = [
  '/v1/books/{N}',
  '/v1/books/{N}?include=author',
  '/v1/books/{N}/comments',
  '/v1/books/{N}/relationships/genres',
  '/v1/books?filter[id][eq]={N}',
  '/v1/books?filter[id][in]={N},999998',
];

/** Each occurrence of `shown` as a name or value of the request, set aside. */
const unnamed = (text: string, shown: string) => text.replace(new RegExp(`(?<=[\\[",=(.{}/-])${shown}(?=[\\]\\\\",.:|)&/?]|$)`, 'g'), '?');

for (const framework of ['express', 'koa'] as TestFramework[]) {
  for (const serializer of ['array', 'json-api'] as SerializerName[]) {
    describe(`leak probe: hidden = missing [${framework}, ${serializer}]`, () => {
      let app: Awaited<ReturnType<typeof startExample>>;
      let secrets: Record<Role, string[]>;
      before(async () => {
        app = await startExample(framework, { serializer }, { principal, policies });
        const emails = (await Author.findAll()).map((author) => author.email);
        const descriptions = (await Book.findAll()).map((book) => book.description).filter((text): text is string => !!text && text.length > 12);
        const titles = (await Book.findAll({ where: { id: { [Op.gt]: VISIBLE_BOOKS } } })).map((book) => book.title);
        const visibleTitles = new Set((await Book.findAll({ where: { id: { [Op.lte]: VISIBLE_BOOKS } } })).map((book) => book.title));
        const unseen = titles.filter((title) => !visibleTitles.has(title) && title.length > 8);
        const published = (await Book.findAll()).map((book) => book.publishedAt?.toISOString()).filter((date): date is string => !!date);
        secrets = { anonymous: [...emails, ...descriptions, ...unseen], reader: [...emails, ...descriptions, ...unseen, ...published] };
      });
      after(() => app.close());

      /** The answer to `path` for `role`: sent as it is, or as the one request of a batch. */
      const ask = async (role: Role, path: string, inBatch: boolean): Promise<{ status: number; text: string }> => {
        if (!inBatch) {
          const res = await app.get(path, { headers: HEADERS[role] });
          return { status: res.status, text: res.text };
        }
        const res = await app.get('/v1/batch', {
          method: 'POST',
          headers: { ...HEADERS[role], 'content-type': 'application/json' },
          body: JSON.stringify({ requests: [{ method: 'GET', url: path }] }),
        });
        expect(res.status, res.text).to.equal(200);
        const inner = (res.body.responses ?? res.body.meta.responses)[0];
        return { status: inner.status, text: JSON.stringify(inner.body) };
      };

      const noSecret = (role: Role, text: string, what: string) => {
        const leaked = secrets[role].find((secret) => text.includes(secret));
        expect(leaked, `${what} answered ${role} with a hidden value`).to.equal(undefined);
      };

      it('property: a hidden field, relation or column is answered exactly as a missing one, and no hidden value is sent', async () => {
        const probe = fc.constantFrom(...FIELD_PROBES).chain((chosen) =>
          fc.record({
            probe: fc.constant(chosen),
            role: fc.constantFrom(...chosen.roles),
            inBatch: fc.boolean(),
            missing: fc.stringMatching(/^zq[a-z]{2,8}$/),
          }),
        );
        await fc.assert(
          fc.asyncProperty(probe, async ({ probe: { name, path }, role, inBatch, missing }) => {
            const hidden = await ask(role, path.replaceAll('{N}', name), inBatch);
            const absent = await ask(role, path.replaceAll('{N}', missing), inBatch);
            const what = `${path} (${name}, ${role}${inBatch ? ', in a batch' : ''})`;
            expect(hidden.status, `${what}: ${hidden.text}`).to.equal(absent.status);
            expect(hidden.status, what).to.be.within(400, 499);
            expect(unnamed(hidden.text, name), what).to.equal(unnamed(absent.text, missing));
            noSecret(role, hidden.text, what);
          }),
          { numRuns: 120 },
        );
      });

      it('property: a row the caller may not see is answered exactly as a row that does not exist', async () => {
        const probe = fc.record({
          path: fc.constantFrom(...ROW_PROBES),
          role: fc.constantFrom<Role>('anonymous', 'reader'),
          hiddenId: fc.integer({ min: VISIBLE_BOOKS + 1, max: 100 }),
          missingId: fc.integer({ min: 100_001, max: 999_997 }),
          inBatch: fc.boolean(),
        });
        await fc.assert(
          fc.asyncProperty(probe, async ({ path, role, hiddenId, missingId, inBatch }) => {
            const hidden = await ask(role, path.replaceAll('{N}', String(hiddenId)), inBatch);
            const absent = await ask(role, path.replaceAll('{N}', String(missingId)), inBatch);
            const what = `${path} (${hiddenId}, ${role}${inBatch ? ', in a batch' : ''})`;
            expect(hidden.status, `${what}: ${hidden.text}`).to.equal(absent.status);
            const unnumbered = (text: string, id: number) => text.replace(new RegExp(`(?<![0-9])${id}(?![0-9])`, 'g'), '?');
            expect(unnumbered(hidden.text, hiddenId), what).to.equal(unnumbered(absent.text, missingId));
            noSecret(role, hidden.text, what);
          }),
          { numRuns: 60 },
        );
      });

      it("an admin's ETag is no restricted caller's: If-None-Match with it answers the caller's own body", async () => {
        for (const path of ['/v1/books/1', '/v1/books/1?include=author,comments', '/v1/authors/2']) {
          const admin = await app.get(path, { headers: { 'x-test-user': 'admin' } });
          expect(admin.headers.get('etag'), path).to.be.a('string');
          for (const role of ['anonymous', 'reader'] as const) {
            const res = await app.get(path, { headers: { ...HEADERS[role], 'if-none-match': admin.headers.get('etag')! } });
            expect(res.status, `${path} (${role})`).to.equal(200);
            expect(res.headers.get('etag')).not.to.equal(admin.headers.get('etag'));
            noSecret(role, res.text, path);
          }
        }
      });

      it("a restricted caller's ETag tells nothing of hidden writes: the tag of what it sees alone, unchanged when a hidden attribute is written", async () => {
        const book = (await Book.findByPk(1))!;
        const description = book.description;
        for (const role of ['anonymous', 'reader'] as const) {
          const before = await app.get('/v1/books/1', { headers: HEADERS[role] });
          // No version joins the body: none tried number by number gives the tag.
          const versions = Array.from({ length: 200 }, (_, n) => entityTag(before.text, `v${n}`));
          expect(versions).not.to.include(before.headers.get('etag'));
          await book.update({ description: `${description ?? ''} (edited)` });
          try {
            const after = await app.get('/v1/books/1', { headers: { ...HEADERS[role], 'if-none-match': before.headers.get('etag')! } });
            expect(after.status, role).to.equal(304);
          } finally {
            await book.update({ description });
          }
        }
        const admin = await app.get('/v1/books/1', { headers: { 'x-test-user': 'admin' } });
        expect(Array.from({ length: 200 }, (_, n) => entityTag(admin.text, `v${n}`))).to.include(admin.headers.get('etag'));
      });

      it('the pages a restricted caller reads, with every include, hold no hidden value', async () => {
        const pages = [
          '/v1/books?include=author,publisher,comments:limit(10),genres',
          '/v1/books?page=2&include=author.books.comments',
          '/v1/authors?include=books.comments,books:count',
          '/v1/comments?sort=-created',
          '/v1/publishers/1?include=books.author',
        ];
        for (const role of ['anonymous', 'reader'] as const) {
          for (const path of pages) {
            const res = await app.get(path.replace(',genres', role === 'reader' ? '' : ',genres'), { headers: HEADERS[role] });
            expect(res.status, `${path}: ${res.text.slice(0, 300)}`).to.equal(200);
            noSecret(role, res.text, path);
          }
        }
      });
    });
  }
}
