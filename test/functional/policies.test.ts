import { expect } from 'chai';
import { Op } from 'sequelize';
import { Book, Comment } from '../../example/models';
import { Container } from 'typedi';
import { Api, SerializerName } from '../../src';
import { exampleQueries } from '../fixture/database';
import { ADMIN, policies, principal, READER, VISIBLE_BOOKS } from '../fixture/policies';
import { startExample, TestFramework } from './exampleServer';

type Running = Awaited<ReturnType<typeof startExample>>;
type BookJson = { id: number; description?: unknown; comments?: { data: Array<{ id: number; rating: number }> }; author?: Record<string, unknown> };

for (const framework of ['express', 'koa'] as TestFramework[]) {
  for (const serializer of ['array', 'json-api'] as SerializerName[]) {
    describe(`policies: rows and hidden fields by principal [${framework}, ${serializer}]`, () => {
      let app: Running;
      before(async () => {
        app = await startExample(framework, { serializer }, { principal, policies });
      });
      after(() => app.close());

      /** The books of a response, with their includes, whatever the envelope. */
      const booksOf = (body: any): BookJson[] => {
        if (serializer === 'array') return Array.isArray(body.data) ? body.data : [body];
        const included = new Map<string, any>((body.included ?? []).map((resource: any) => [`${resource.type}:${resource.id}`, resource]));
        const flat = (resource: any): BookJson => ({
          id: Number(resource.id),
          ...resource.attributes,
          ...(resource.relationships?.comments?.data
            ? {
                comments: {
                  data: resource.relationships.comments.data.map((ref: any) => ({ id: Number(ref.id), ...included.get(`comments:${ref.id}`).attributes })),
                },
              }
            : {}),
          ...(resource.relationships?.author?.data ? { author: included.get(`authors:${resource.relationships.author.data.id}`).attributes } : {}),
        });
        return Array.isArray(body.data) ? body.data.map(flat) : [flat(body.data)];
      };
      const totalOf = (body: any): number => (serializer === 'array' ? body.meta.pagination.total : body.meta.pagination.total);

      it('a page and its total hold only the rows the caller may see; an admin sees them all', async () => {
        const anonymous = await app.get('/v1/books?per_page=100');
        expect(anonymous.status).to.equal(200);
        expect(totalOf(anonymous.body)).to.equal(VISIBLE_BOOKS);
        expect(booksOf(anonymous.body).every((book) => book.id <= VISIBLE_BOOKS)).to.equal(true);
        const admin = await app.get('/v1/books?per_page=100', ADMIN);
        expect(totalOf(admin.body)).to.equal(await Book.count());
      });

      it('a field made from a hidden attribute is not sent, at the top level and in an include', async () => {
        const anonymous = booksOf((await app.get('/v1/books?per_page=5&include=author')).body);
        expect(anonymous).to.have.length(5);
        for (const book of anonymous) {
          expect(book).not.to.have.property('description');
          expect(book.author).not.to.have.property('email');
          expect(book.author).to.have.property('name');
        }
        const admin = booksOf((await app.get('/v1/books?per_page=5&include=author', ADMIN)).body);
        for (const book of admin) {
          expect(book).to.have.property('description');
          expect(book.author).to.have.property('email');
        }
      });

      it('a row the caller may not see is a 404, the same as a row that does not exist', async () => {
        const hidden = await app.get(`/v1/books/${VISIBLE_BOOKS + 1}`);
        const missing = await app.get('/v1/books/999999');
        expect(hidden.status).to.equal(404);
        expect(missing.status).to.equal(404);
        expect(hidden.text.replace(String(VISIBLE_BOOKS + 1), 'N')).to.equal(missing.text.replace('999999', 'N'));
        expect((await app.get(`/v1/books/${VISIBLE_BOOKS + 1}`, ADMIN)).status).to.equal(200);
      });

      it('a write to a row the caller may not see is the 404 of a missing row, and changes nothing', async () => {
        const id = VISIBLE_BOOKS + 1;
        const before = (await Book.findByPk(id))!.title;
        const hidden = await app.send('PATCH', `/v1/books/${id}`, { title: 'Renamed' });
        const missing = await app.send('PATCH', '/v1/books/999999', { title: 'Renamed' });
        expect(hidden.status, hidden.text).to.equal(404);
        expect(hidden.text.replace(String(id), 'N')).to.equal(missing.text.replace('999999', 'N'));
        expect((await Book.findByPk(id))!.title).to.equal(before);
      });

      it('a write of a read-only attribute is a 422 naming it, before anything is written', async () => {
        const before = (await Book.findByPk(3))!;
        const body =
          serializer === 'json-api'
            ? JSON.stringify({ data: { type: 'books', id: '3', attributes: { title: 'Renamed', out_of_print: !before.outOfPrint } } })
            : JSON.stringify({ title: 'Renamed', out_of_print: !before.outOfPrint });
        const type = serializer === 'json-api' ? 'application/vnd.api+json' : 'application/json';
        const res = await app.get('/v1/books/3', { method: 'PATCH', headers: { 'content-type': type, ...READER.headers }, body });
        expect(res.status, res.text).to.equal(422);
        expect(res.text).to.include('out_of_print may not be written');
        if (serializer === 'json-api') expect(res.body.errors[0].source.pointer).to.equal('/data/attributes/out_of_print');
        const after = (await Book.findByPk(3))!;
        expect([after.title, after.outOfPrint]).to.deep.equal([before.title, before.outOfPrint]);
      });

      it('every include level holds only the related rows the caller may see (loaded or counted)', async () => {
        const books = booksOf((await app.get('/v1/books?per_page=20&include=comments:limit(50)')).body);
        const sent = books.flatMap((book) => book.comments!.data);
        expect(sent.length).to.be.above(0);
        expect(sent.every((comment) => comment.rating >= 3)).to.equal(true);
        for (const book of books) {
          const visible = await Comment.count({ where: { bookId: book.id, rating: { [Op.gte]: 3 } } });
          expect(book.comments!.data, `book ${book.id}`).to.have.length(Math.min(visible, 50));
        }
        const admin = booksOf((await app.get('/v1/books?per_page=20&include=comments:limit(50)', ADMIN)).body).flatMap((book) => book.comments!.data);
        expect(admin.some((comment) => comment.rating < 3)).to.equal(true);
      });

      it('counts and aggregates of an include count only the rows the caller may see', async () => {
        const res = await app.get('/v1/books?per_page=10&include=comments:count,comments:min(rating)');
        expect(res.status).to.equal(200);
        for (const resource of serializer === 'array' ? res.body.data : res.body.data) {
          const id = Number(resource.id);
          const counted = serializer === 'array' ? resource.comments_count : resource.relationships.comments.meta.count;
          const least = serializer === 'array' ? resource.comments_min_rating : resource.relationships.comments.meta.min.rating;
          expect(counted, `book ${id}`).to.equal(await Comment.count({ where: { bookId: id, rating: { [Op.gte]: 3 } } }));
          if (counted > 0) expect(least).to.be.at.least(3);
        }
      });

      it('a relation filter matches only related rows the caller may see', async () => {
        // Books found through a comment's text: for a caller who may not see low-rated comments, only through the others.
        const booksWith = async (text: string, rating: object) =>
          [
            ...new Set(
              (await Comment.findAll({ where: { body: { [Op.like]: `%${text}%` }, rating, bookId: { [Op.lte]: VISIBLE_BOOKS } } })).map((c) =>
                Number(c.bookId),
              ),
            ),
          ].sort((a, b) => a - b);
        const low = await Comment.findAll({ where: { rating: { [Op.lt]: 3 }, bookId: { [Op.lte]: VISIBLE_BOOKS } } });
        let text: string | undefined;
        for (const comment of low) {
          const word = comment.body.split(' ').sort((a, b) => b.length - a.length)[0];
          if ((await booksWith(word, { [Op.gte]: 3 })).join() !== (await booksWith(word, { [Op.ne]: null })).join()) text = word;
          if (text) break;
        }
        expect(text, 'a word of a low-rated comment that finds more books than the visible comments do').to.be.a('string');
        const ids = booksOf(
          (await app.get(`/v1/books?${serializer === 'json-api' ? 'page[size]' : 'per_page'}=100&filter[comments.body][contains]=${encodeURIComponent(text!)}`))
            .body,
        ).map((book) => book.id);
        expect(
          ids.sort((a, b) => a - b),
          text,
        ).to.deep.equal(await booksWith(text!, { [Op.gte]: 3 }));
      });

      it('an internal call (a batch) runs as its caller', async () => {
        const batch = JSON.stringify({ requests: [{ method: 'GET', url: `/v1/books/${VISIBLE_BOOKS + 1}` }] });
        const post = (headers: Record<string, string>) =>
          app.get('/v1/batch', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: batch });
        const anonymous = await post({});
        const admin = await post({ 'x-test-user': 'admin' });
        const statusOf = (body: any) => (body.responses ?? body.meta.responses)[0].status;
        expect(statusOf(anonymous.body), anonymous.text).to.equal(404);
        expect(statusOf(admin.body), admin.text).to.equal(200);
      });

      it('an atomic operation runs as its caller: an update of an unseen row fails as a missing one, and nothing is kept', async function () {
        if (serializer !== 'json-api') this.skip();
        const id = VISIBLE_BOOKS + 2;
        const before = (await Book.findByPk(id))!.title;
        const operations = (target: number) =>
          JSON.stringify({ 'atomic:operations': [{ op: 'update', data: { type: 'books', id: String(target), attributes: { title: 'Renamed' } } }] });
        const post = (target: number, headers: Record<string, string> = {}) =>
          app.get('/v1/operations', {
            method: 'POST',
            headers: {
              'content-type': 'application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"',
              accept: 'application/vnd.api+json; ext="https://jsonapi.org/ext/atomic"',
              ...headers,
            },
            body: operations(target),
          });
        const hidden = await post(id);
        const missing = await post(999999);
        expect(hidden.status, hidden.text).to.equal(missing.status);
        expect(hidden.status).to.be.within(400, 499);
        expect(hidden.text.split(String(id)).join('N')).to.equal(missing.text.split('999999').join('N'));
        expect((await Book.findByPk(id))!.title).to.equal(before);
      });

      /** The answer to `path` with `name` in it, and the answer with a name nothing declares in its place: the same but for the name. */
      const asIfMissing = async (path: (name: string) => string, name: string, init = {}) => {
        const hidden = await app.get(path(name), init);
        const missing = await app.get(path('zzqq'), init);
        expect(hidden.status, hidden.text).to.equal(400);
        // The name as the request wrote it (in brackets, quotes or after a sign), set aside.
        const unnamed = (text: string, shown: string) => text.replace(new RegExp(`(?<=[\\[",=(.-])${shown}(?=[\\]\\\\",.:|)&]|$)`, 'g'), '?');
        expect(unnamed(hidden.text, name)).to.equal(unnamed(missing.text, 'zzqq'));
        expect(hidden.text).not.to.match(new RegExp(`allowed: [^"]*${name}|filterable: [^"]*${name}`));
      };

      it('a filter on a hidden attribute, or a search over one, is refused exactly as an undeclared field', async () => {
        await asIfMissing((name) => `/v1/books?filter[${name}][contains]=a`, 'description');
        await asIfMissing((name) => `/v1/books?filter[${name}]=a`, 'q');
        await asIfMissing((name) => `/v1/books?filter[${name}][gte]=2000-01-01`, 'published_at', READER);
        expect((await app.get('/v1/books?filter[description][contains]=a', ADMIN)).status).to.equal(200);
        expect((await app.get('/v1/books?filter[published_at][gte]=2000-01-01')).status).to.equal(200);
      });

      it('an include of a hidden relation, or a relation filter through one, is refused exactly as one that does not exist', async () => {
        await asIfMissing((name) => `/v1/books?include=author,${name}`, 'genres', READER);
        await asIfMissing((name) => `/v1/books?include=${name}:count`, 'genres', READER);
        await asIfMissing((name) => `/v1/books?exclude=${name}`, 'genres', READER);
        await asIfMissing((name) => `/v1/books?fields[books]=title,${name}`, 'genres', READER);
        await asIfMissing((name) => `/v1/books?filter[${name}.name]=Poetry`, 'genres', READER);
        expect((await app.get('/v1/books?include=genres', ADMIN)).status).to.equal(200);
        expect((await app.get('/v1/books?include=genres')).status).to.equal(200);
      });

      it("an include's filter, sort, aggregate or fieldset on a hidden attribute is refused exactly as an unknown one", async () => {
        await asIfMissing((name) => `/v1/books?include=comments:filter(${name}|gte|4)`, 'rating', READER);
        await asIfMissing((name) => `/v1/books?include=comments:sort(${name}|desc)`, 'rating', READER);
        await asIfMissing((name) => `/v1/books?include=comments:avg(${name})`, 'rating', READER);
        await asIfMissing((name) => `/v1/books?include=comments&fields[comments]=body,${name}`, 'rating', READER);
        await asIfMissing((name) => `/v1/comments?fields[comments]=body,${name}`, 'rating', READER);
        for (const path of ['/v1/books?include=comments:filter(rating|gte|4):sort(rating|desc),comments:avg(rating)&fields[comments]=body,rating']) {
          expect((await app.get(path)).status, path).to.equal(200);
          expect((await app.get(path, ADMIN)).status, path).to.equal(200);
        }
        const comments = booksOf((await app.get('/v1/books?per_page=5&include=comments', READER)).body).flatMap((book) => book.comments!.data);
        expect(comments.length).to.be.above(0);
        expect(comments.every((comment) => !('rating' in comment))).to.equal(true);
      });

      it('a sort on a hidden attribute is refused exactly as a key @Sortable does not list', async () => {
        await asIfMissing((name) => `/v1/books?sort=title,-${name}`, 'published_at', READER);
        expect((await app.get('/v1/books?sort=-published_at')).status).to.equal(200);
        const reader = booksOf((await app.get('/v1/books?sort=title', READER)).body);
        expect(reader.every((book) => !('published_at' in book) && !('publishedAt' in book))).to.equal(true);
      });

      it('every answer varies by the headers the principal is read from (Vary), errors and 304s too', async () => {
        const names = (header: string | null) => (header ?? '').split(',').map((name) => name.trim().toLowerCase());
        for (const path of ['/v1/books', '/v1/books/999999', '/v1/books?include=nope']) {
          expect(names((await app.get(path)).headers.get('vary')), path).to.include.members(['authorization', 'cookie']);
        }
        const first = await app.get('/v1/books/1');
        const again = await app.get('/v1/books/1', { headers: { 'if-none-match': first.headers.get('etag')! } });
        expect(again.status).to.equal(304);
        expect(names(again.headers.get('vary'))).to.include.members(['authorization', 'cookie']);
        const plain = await startExample(framework, { serializer }, { policies: [] });
        try {
          expect(names((await plain.get('/v1/books')).headers.get('vary'))).not.to.include('authorization');
        } finally {
          await plain.close();
        }
      });

      it('selects no column the caller may not read (keys aside), at the top level and in includes; an admin selects them', async () => {
        const path = '/v1/books?per_page=5&include=author,comments';
        // The select lists of every statement the request runs (a row scope's WHERE may name a hidden column).
        const selected = async (who: typeof ADMIN) =>
          (await exampleQueries(() => app.get(path, who)))
            .flatMap((sql) => [...sql.replace(/[`"]/g, '').matchAll(/SELECT (.*?) FROM /g)].map((m) => m[1]))
            .join(', ');
        const [reader, admin] = [await selected(READER), await selected(ADMIN)];
        for (const column of ['description', 'published_at', 'email', 'rating']) {
          expect(admin).to.match(new RegExp(`\\b${column}\\b`));
          expect(reader).not.to.match(new RegExp(`\\b${column}\\b`));
        }
        expect(reader).to.match(/\bauthor_id\b/);
      });

      it('a policy costs no statement: the same statements run for a restricted caller and an admin', async () => {
        const path = '/v1/books?per_page=100&include=author,publisher,comments:count,comments';
        const restricted = await exampleQueries(() => app.get(path));
        const open = await exampleQueries(() => app.get(path, ADMIN));
        expect(restricted.length).to.equal(open.length);
      });
    });
  }
}

for (const framework of ['express', 'koa'] as TestFramework[]) {
  describe(`policies: readOnlyWrites 'ignore' [${framework}]`, () => {
    let app: Running;
    before(async () => {
      app = await startExample(framework, { readOnlyWrites: 'ignore' }, { principal, policies });
    });
    after(() => app.close());

    it('drops a read-only field from the body and writes the rest', async () => {
      const before = (await Book.findByPk(4))!;
      try {
        const res = await app.get('/v1/books/4', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', ...READER.headers },
          body: JSON.stringify({ title: `${before.title} (ignored)`, out_of_print: !before.outOfPrint }),
        });
        expect(res.status, res.text).to.equal(200);
        const after = (await Book.findByPk(4))!;
        expect([after.title, after.outOfPrint]).to.deep.equal([`${before.title} (ignored)`, before.outOfPrint]);
      } finally {
        await Book.update({ title: before.title }, { where: { id: 4 }, hooks: false, silent: true });
      }
    });
  });
}

for (const framework of ['express', 'koa'] as TestFramework[]) {
  describe(`policies: api.as() [${framework}]`, () => {
    let app: Running;
    const lines: Array<{ record: Record<string, unknown>; message?: string }> = [];
    before(async () => {
      const logger = { info: (record: object, message?: string) => lines.push({ record: record as Record<string, unknown>, message }), error: () => undefined };
      app = await startExample(framework, {}, { principal, policies, logger });
    });
    after(() => app.close());

    it('runs internal calls as the principal given, logged; without it, as the caller (here: nobody)', async () => {
      const api = Container.get(Api).forApp(app.app);
      const hidden = `/v1/books/${VISIBLE_BOOKS + 1}`;
      const refused = await api.request({ method: 'GET', url: hidden });
      expect(refused.status).to.equal(404);
      expect(lines.some((line) => line.message === 'internal call as another principal')).to.equal(false);
      const book = await api.as({ role: 'admin' }).get<{ id: number }>(hidden);
      expect(book.id).to.equal(VISIBLE_BOOKS + 1);
      const logged = lines.filter((line) => line.message === 'internal call as another principal');
      expect(logged).to.have.length(1);
      expect(logged[0].record).to.include({ method: 'GET', path: hidden });
    });
  });
}
