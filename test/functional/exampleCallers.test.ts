import SwaggerParser from '@apidevtools/swagger-parser';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { currentUserPrincipal, DEVELOPMENT_KEY, tokenFor } from '../../example/auth';
import { Book, BookGenre, User } from '../../example/models';
import { SEED_COUNTS } from '../../example/seeders/001-books';
import { DRAFTS, SEEDED_USERS } from '../../example/seeders/004-callers';
import { Api, ATOMIC_MEDIA_TYPE, type SerializerName } from '../../src';
import { ADDED_BY_TESTS } from '../fixture/seededRows';
import { startExample, TestFramework } from './exampleServer';

type Running = Awaited<ReturnType<typeof startExample>>;
type Who = 'anonymous' | 'reader' | 'eli' | 'emma' | 'admin';

/** The seeded users' tokens, signed with the development key the example verifies them with. */
const tokens = {} as Record<Exclude<Who, 'anonymous'>, string>;
const as = (who: Who): RequestInit => (who === 'anonymous' ? {} : { headers: { authorization: `Bearer ${tokens[who]}` } });

/** The drafts by editor (ids come after the published books: 101 to 104 in the suite's new database). */
const drafts = async (editorId?: number) =>
  (await Book.findAll({ where: { draft: true, ...(editorId ? { editorId } : {}) }, order: [['id', 'ASC']] })).map((book) => book.id);

before(async () => {
  const [reader, eli, emma, admin] = SEEDED_USERS;
  for (const [who, user] of [
    ['reader', reader],
    ['eli', eli],
    ['emma', emma],
    ['admin', admin],
  ] as const)
    tokens[who] = await tokenFor(user, DEVELOPMENT_KEY);
});

for (const framework of ['express', 'koa'] as TestFramework[]) {
  for (const serializer of ['array', 'json-api'] as SerializerName[]) {
    describe(`the example's callers: tokens, roles and the example's policy [${framework}, ${serializer}]`, () => {
      let app: Running;
      before(async () => {
        app = await startExample(framework, { serializer });
      });
      after(() => app.close());
      afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

      const jsonApi = serializer === 'json-api';
      const perPage = jsonApi ? 'page[size]' : 'per_page';
      /** Each resource of a response as one flat object (id and fields), whatever the envelope. */
      const items = (body: any): Array<Record<string, unknown>> => {
        const data = jsonApi ? body.data : (body.data ?? body);
        const flat = (item: any) => (jsonApi ? { id: Number(item.id), ...item.attributes } : item);
        return Array.isArray(data) ? data.map(flat) : [flat(data)];
      };
      const ids = (body: unknown) => items(body).map((item) => Number(item.id));
      const allBooks = (who: Who, query = '') => app.get(`/v1/books?${perPage}=100&sort=created${query}`, as(who));
      const write = (who: Who, method: string, path: string, attributes: Record<string, unknown>) =>
        app.get(path, {
          method,
          headers: { ...(as(who).headers as Record<string, string>), 'content-type': jsonApi ? 'application/vnd.api+json' : 'application/json' },
          body: JSON.stringify(jsonApi ? { data: { type: 'books', ...(method === 'POST' ? {} : { id: path.split('/').pop() }), attributes } } : attributes),
        });
      const NEW_BOOK = { title: 'A Book of the Staff', author_id: 1, publisher_id: 1 };

      it('an anonymous caller and a reader see the published books only, without the staff fields: the same bytes', async () => {
        const anonymous = await allBooks('anonymous');
        const reader = await allBooks('reader');
        expect(anonymous.status).to.equal(200);
        expect(anonymous.body.meta.pagination.total).to.equal(SEED_COUNTS.books);
        expect(ids(anonymous.body).every((id) => id <= SEED_COUNTS.books)).to.equal(true);
        for (const book of items(anonymous.body)) expect(book).to.not.have.any.keys('cost', 'draft', 'editor_id');
        expect(reader.text).to.equal(anonymous.text);
        for (const id of await drafts()) {
          const hidden = await app.get(`/v1/books/${id}`, as('reader'));
          const missing = await app.get('/v1/books/999999', as('reader'));
          expect(hidden.status).to.equal(404);
          expect(hidden.text.replace(String(id), 'N')).to.equal(missing.text.replace('999999', 'N'));
        }
      });

      it("an editor sees the published books and their own drafts, with the staff fields, and not another editor's drafts", async () => {
        const [eliDrafts, emmaDrafts] = [await drafts(2), await drafts(3)];
        expect([eliDrafts.length, emmaDrafts.length]).to.deep.equal([2, 2]);
        const eli = await allBooks('eli', '&filter[draft][eq]=true');
        expect(ids(eli.body).sort()).to.deep.equal(eliDrafts);
        expect((await allBooks('eli')).body.meta.pagination.total).to.equal(SEED_COUNTS.books + 2);
        const own = items((await app.get(`/v1/books/${eliDrafts[0]}`, as('eli'))).body)[0];
        expect(own).to.include({ draft: true, editor_id: 2 });
        expect(own.cost).to.be.a('number');
        expect((await app.get(`/v1/books/${emmaDrafts[0]}`, as('eli'))).status).to.equal(404);
        expect((await app.get(`/v1/books/${emmaDrafts[0]}`, as('emma'))).status).to.equal(200);
        const published = items((await app.get('/v1/books/3', as('eli'))).body)[0];
        expect(published).to.include({ draft: false, editor_id: null });
        expect(published.cost).to.be.a('number');
      });

      it('an admin sees every book and the comments a moderator flagged; nobody else sees them, nor a draft’s comments', async () => {
        expect((await allBooks('admin')).body.meta.pagination.total).to.equal(SEED_COUNTS.books + DRAFTS.length);
        for (const path of ['/v1/books/2/comments?per_page=50', '/v1/comments?per_page=100&filter[book_id]=2']) {
          const admin = await app.get(path, as('admin'));
          if (admin.status === 400) continue; // /v1/comments has no book_id filter: the cursor route alone then
          const flagged = items(admin.body).filter((comment) => comment.flagged === true);
          expect(flagged, path).to.have.length(1);
          for (const who of ['anonymous', 'reader', 'eli'] as Who[]) {
            const seen = await app.get(path, as(who));
            expect(ids(seen.body), `${who} ${path}`).to.not.include(flagged[0].id);
            expect(ids(seen.body).length).to.equal(ids(admin.body).length - 1);
            for (const comment of items(seen.body)) expect(comment).to.not.have.property('flagged');
          }
        }
        // The first draft holds a reviewer's note and a flagged comment: its editor sees the note, not the flagged one.
        const [draft] = await drafts(2);
        const comments = async (who: Who) => {
          const { body } = await app.get(`/v1/books/${draft}?include=comments`, as(who));
          return (jsonApi ? body.data.relationships.comments.data : body.comments.data).length as number;
        };
        expect([await comments('admin'), await comments('eli')]).to.deep.equal([2, 1]);
        // Nor does anyone else see the note, even listing every comment.
        for (const who of ['anonymous', 'reader', 'emma'] as Who[]) {
          const listed = await app.get(`/v1/comments?${perPage}=100&fields[comments]=body`, as(who));
          expect(listed.text, who).to.not.include('the ending needs work');
        }
        expect((await app.get(`/v1/comments?${perPage}=100&fields[comments]=body`, as('eli'))).text).to.include('the ending needs work');
      });

      it('a filter or a sort on a staff field is refused to a reader exactly as a field that does not exist; staff use it', async () => {
        for (const [hidden, missing] of [
          ['filter[cost][gte]=1000', 'filter[nope][gte]=1000'],
          ['filter[draft][eq]=true', 'filter[nope][eq]=true'],
          ['sort=-cost', 'sort=-nope'],
        ]) {
          for (const who of ['anonymous', 'reader'] as Who[]) {
            const refused = await app.get(`/v1/books?${hidden}`, as(who));
            const absent = await app.get(`/v1/books?${missing}`, as(who));
            expect(refused.status, hidden).to.equal(400);
            expect(refused.text.replace(/cost|draft/g, 'N'), hidden).to.equal(absent.text.replace(/nope/g, 'N'));
          }
        }
        const costly = await app.get(`/v1/books?${perPage}=100&filter[cost][gte]=2000&sort=-cost`, as('eli'));
        expect(costly.status).to.equal(200);
        const costs = items(costly.body).map((book) => book.cost as number);
        expect(costs.length).to.be.above(0);
        expect(costs.every((cost) => cost >= 2000)).to.equal(true);
        expect(costs).to.deep.equal([...costs].sort((a, b) => b - a));
      });

      it('a token that is not valid is a 401 that says nothing of why; no Authorization header is an anonymous caller', async () => {
        const [, eli] = SEEDED_USERS;
        const claims = { name: eli.name, role: eli.role };
        const signed = (key: string, build: (jwt: SignJWT) => SignJWT = (jwt) => jwt) =>
          build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('2').setIssuer('books-api').setAudience('books-api')).sign(
            new TextEncoder().encode(key),
          );
        const bad = [
          'Bearer not-a-token',
          `Basic ${Buffer.from('eli:secret').toString('base64')}`,
          `Bearer ${await signed('another key of at least thirty-two characters')}`,
          `Bearer ${await signed(DEVELOPMENT_KEY, (jwt) => jwt.setExpirationTime(Math.floor(Date.now() / 1000) - 60))}`,
          `Bearer ${await new SignJWT({ name: 'Mallory', role: 'owner' }).setProtectedHeader({ alg: 'HS256' }).setSubject('9').setIssuer('books-api').setAudience('books-api').sign(new TextEncoder().encode(DEVELOPMENT_KEY))}`,
          `Bearer ${tokens.eli}x`,
        ];
        const answers = await Promise.all(bad.map((authorization) => app.get('/v1/books/1', { headers: { authorization } })));
        for (const [i, answer] of answers.entries()) {
          expect(answer.status, bad[i]).to.equal(401);
          expect(answer.text, bad[i]).to.not.match(/stack|signature|expired|exp\b|claim|jws|jwt/i);
        }
        expect(new Set(answers.slice(2).map((answer) => answer.text)).size, 'one answer for every token that fails verification').to.equal(1);
        expect((await app.get('/v1/books/1')).status).to.equal(200);
        expect((await app.get('/v1/books/1', as('eli'))).status).to.equal(200);
      });

      it('staff fields are written by staff only: a reader’s write is refused as one of a field that does not exist, and nothing is written', async () => {
        const before = await Book.count();
        for (const who of ['anonymous', 'reader'] as Who[]) {
          // Fields they may not read either: refused in the words of a field that does not exist.
          for (const [method, path, field] of [
            ['POST', '/v1/books', 'cost'],
            ['PATCH', '/v1/books/3', 'draft'],
            ['PATCH', '/v1/books/3', 'editor_id'],
          ] as const) {
            const refused = await write(who, method, path, { ...(method === 'POST' ? NEW_BOOK : {}), [field]: 5 });
            const unknown = await write(who, method, path, { ...(method === 'POST' ? NEW_BOOK : {}), zqnothing: 5 });
            expect(refused.status, refused.text).to.equal(422);
            expect(refused.text.split(field).join('?'), `${who} ${method} ${field}`).to.equal(unknown.text.split('zqnothing').join('?'));
          }
        }
        expect(await Book.count()).to.equal(before);
        expect((await Book.findByPk(3))!.draft).to.equal(false);
      });

      it('a draft an editor writes is theirs: seen by them and admins only', async () => {
        const created = await write('eli', 'POST', '/v1/books', { ...NEW_BOOK, draft: true, cost: 1234 });
        expect(created.status, created.text).to.equal(201);
        const id = ids(created.body)[0];
        const stored = (await Book.findByPk(id))!;
        expect([stored.draft, stored.editorId, stored.cost]).to.deep.equal([true, 2, 1234]);
        expect((await app.get(`/v1/books/${id}`, as('eli'))).status).to.equal(200);
        expect((await app.get(`/v1/books/${id}`, as('admin'))).status).to.equal(200);
        for (const who of ['anonymous', 'reader', 'emma'] as Who[]) expect((await app.get(`/v1/books/${id}`, as(who))).status, who).to.equal(404);
        // Another editor cannot write it either: it is the 404 of a missing book.
        expect((await write('emma', 'PATCH', `/v1/books/${id}`, { title: 'Taken over' })).status).to.equal(404);
        const published = await write('eli', 'PATCH', `/v1/books/${id}`, { draft: false });
        expect(published.status, published.text).to.equal(200);
        expect((await app.get(`/v1/books/${id}`)).status).to.equal(200);
      });

      it('an internal call runs as its caller: an editor’s batch reads its drafts, an anonymous one does not', async () => {
        const [draft] = await drafts(2);
        const batch = (who: Who) =>
          app.get('/v1/batch', {
            method: 'POST',
            headers: { ...(as(who).headers as Record<string, string>), 'content-type': 'application/json' },
            body: JSON.stringify({ requests: [{ method: 'GET', url: `/v1/books/${draft}` }] }),
          });
        const status = async (who: Who) => {
          const { body } = await batch(who);
          return (jsonApi ? body.meta.responses : body.responses)[0].status as number;
        };
        expect([await status('eli'), await status('anonymous')]).to.deep.equal([200, 404]);
      });

      it('each caller gets the OpenAPI document of what it may do, and each validates', async () => {
        const documents: Record<string, any> = {};
        for (const who of ['anonymous', 'reader', 'eli', 'admin'] as Who[]) {
          const res = await app.get('/v1/openapi.json', as(who));
          expect(res.status).to.equal(200);
          documents[who] = res.body;
          await SwaggerParser.validate(structuredClone(res.body) as never);
        }
        expect(JSON.stringify(documents.reader)).to.equal(JSON.stringify(documents.anonymous));
        const text = (who: Who) => JSON.stringify(documents[who]);
        for (const field of ['"cost"', '"editor_id"', '"flagged"']) expect(text('anonymous')).to.not.include(field);
        for (const field of ['"cost"', '"editor_id"']) expect(text('eli')).to.include(field);
        expect(text('eli')).to.not.include('"flagged"');
        expect(text('admin')).to.include('"flagged"');
      });
    });
  }
}

for (const framework of ['express', 'koa'] as TestFramework[]) {
  describe(`new Api().forApp(app) from outside any request: a client's request [${framework}, json-api]`, () => {
    let app: Running;
    before(async () => {
      app = await startExample(framework, { serializer: 'json-api' });
    });
    after(() => app.close());

    it('asks as the caller its headers name: an editor reads their draft, an anonymous caller gets a 404', async () => {
      const api = new Api().forApp(app.app);
      const [draft] = await drafts(SEEDED_USERS[1].id);
      const own = await api.request({ method: 'GET', url: `/v1/books/${draft}`, headers: { authorization: `Bearer ${tokens.eli}` } });
      expect(own.status).to.equal(200);
      expect((await api.request({ method: 'GET', url: `/v1/books/${draft}` })).status).to.equal(404);
      const refused = await api.request({ method: 'GET', url: '/v1/books/1', headers: { authorization: 'Bearer not-a-token' } });
      expect(refused.status).to.equal(401);
    });

    it('sends a batch and atomic operations as that caller', async () => {
      const api = new Api().forApp(app.app);
      const [draft] = await drafts(SEEDED_USERS[1].id);
      const book = await Book.create({ title: 'Asked from outside', authorId: 1, publisherId: 1 });
      const batch = await api.request<{ meta: { responses: Array<{ status: number }> } }>({
        method: 'POST',
        url: '/v1/batch',
        headers: { authorization: `Bearer ${tokens.eli}` },
        body: { requests: [{ method: 'GET', url: `/v1/books/${draft}` }] },
      });
      expect(batch.status, JSON.stringify(batch.body)).to.equal(200);
      expect(batch.body.meta.responses[0].status).to.equal(200);
      const operations = await api.request({
        method: 'POST',
        url: '/v1/operations',
        headers: { authorization: `Bearer ${tokens.eli}`, 'content-type': ATOMIC_MEDIA_TYPE, accept: ATOMIC_MEDIA_TYPE },
        body: {
          'atomic:operations': [{ op: 'add', ref: { type: 'books', id: String(book.id), relationship: 'genres' }, data: [{ type: 'genres', id: '1' }] }],
        },
      });
      expect(operations.status, JSON.stringify(operations.body)).to.be.oneOf([200, 204]);
      expect(await book.$count('genres')).to.equal(1);
      await BookGenre.destroy({ where: { bookId: book.id } });
      await book.destroy();
    });
  });
}

for (const framework of ['express', 'koa'] as TestFramework[]) {
  describe(`currentUserPrincipal(): the token's user read on every request [${framework}]`, () => {
    let app: Running;
    let user: User;
    before(async () => {
      app = await startExample(framework, {}, { principal: currentUserPrincipal(DEVELOPMENT_KEY) });
    });
    beforeEach(async () => {
      user = await User.create({ name: 'Temporary Editor', role: 'editor' });
    });
    afterEach(() => User.destroy({ where: { name: 'Temporary Editor' } }));
    after(() => app.close());

    it("asks as the user's role now: a demoted editor no longer reads the staff fields; a deleted user's token is a 401", async () => {
      const token = { headers: { authorization: `Bearer ${await tokenFor({ id: user.id, name: user.name, role: 'editor' }, DEVELOPMENT_KEY)}` } };
      expect((await app.get('/v1/books/3', token)).body).to.have.property('cost');
      await user.update({ role: 'reader' });
      expect((await app.get('/v1/books/3', token)).body).not.to.have.property('cost');
      await user.destroy();
      expect((await app.get('/v1/books/3', token)).status).to.equal(401);
    });
  });
}

for (const framework of ['express', 'koa'] as TestFramework[]) {
  describe(`an editor's deletes and updates under the policy's rows [${framework}]`, () => {
    let app: Running;
    before(async () => {
      app = await startExample(framework);
    });
    after(() => app.close());
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    it('removes and updates their own draft; another editor’s is the 404 of a missing book and stays as it was', async () => {
      const [, eli, emma] = SEEDED_USERS;
      const draft = (editorId: number) => Book.create({ title: `Draft of ${editorId}`, authorId: 1, publisherId: 1, draft: true, editorId });
      const [own, other] = [await draft(eli.id), await draft(emma.id)];
      const send = (method: string, id: number, body?: unknown) =>
        app.get(`/v1/books/${id}`, {
          method,
          headers: { ...(as('eli').headers as Record<string, string>), 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      expect((await send('PATCH', other.id, { title: 'Taken over' })).status).to.equal(404);
      expect((await send('DELETE', other.id)).status).to.equal(404);
      expect((await Book.findByPk(other.id))!.title).to.equal(`Draft of ${emma.id}`);
      expect((await send('PATCH', own.id, { title: 'Edited draft' })).status).to.equal(200);
      expect((await send('DELETE', own.id)).status).to.equal(200);
      expect(await Book.findByPk(own.id)).to.equal(null);
    });
  });
}
