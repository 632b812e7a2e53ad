import { expect } from 'chai';
import { Book, Comment } from '../../example/models';
import { QueryTypes } from 'sequelize';
import { onBothFrameworks } from './exampleServer';
import { exampleDatabase, exampleQueries, quoted, testDialect } from '../fixture/database';
import { PUBLISHED, UNFLAGGED } from '../fixture/seededRows';

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((item) => item.id);

async function comments(bookId: number, order: [string, 'ASC' | 'DESC'], limit: number, offset = 0) {
  return (await Comment.findAll({ where: { ...UNFLAGGED, bookId }, order: [order, ['id', order[1]]], limit, offset })).map((c) => c.id);
}

onBothFrameworks('include forms through the books API', (app) => {
  it('include=a', async () => {
    expect((await app().get('/v1/books/3?include=author')).body)
      .to.have.property('author')
      .that.has.property('id');
  });

  it('include=a,b and include[]=a&include[]=b', async () => {
    const commas = await app().get('/v1/books/3?include=author,publisher');
    const arrays = await app().get('/v1/books/3?include[]=author&include[]=publisher');
    expect(commas.body).to.have.keys('id', 'title', 'description', 'published_at', 'out_of_print', 'created', 'link', 'author', 'publisher');
    expect(arrays.body).to.deep.equal(commas.body);
  });

  it('include=a.b (parents included too)', async () => {
    const res = await app().get('/v1/books/3?include=author.books');
    expect(res.body.author.books.data).to.have.length(3);
  });

  it('a:limit(n|offset) and a:limit(n)', async () => {
    const book = (await Book.findAll({ where: PUBLISHED, include: [{ model: Comment, where: UNFLAGGED, required: false }] })).find(
      (b) => (b.comments?.length ?? 0) >= 5,
    )!;
    expect(ids((await app().get(`/v1/books/${book.id}?include=comments:limit(2|1)`)).body.comments)).to.deep.equal(
      await comments(book.id, ['createdAt', 'DESC'], 2, 1),
    );
    expect(ids((await app().get(`/v1/books/${book.id}?include=comments:limit(4)`)).body.comments)).to.deep.equal(
      await comments(book.id, ['createdAt', 'DESC'], 4),
    );
  });

  it('says when the limit cut a collection (meta: limit, offset, more), and not when all of it is sent', async () => {
    const book = (await Book.findAll({ where: PUBLISHED, include: [{ model: Comment, where: UNFLAGGED, required: false }] })).find(
      (b) => (b.comments?.length ?? 0) >= 5,
    )!;
    const cut = await app().get(`/v1/books/${book.id}?include=comments`);
    expect(cut.body.comments.data).to.have.length(3);
    expect(cut.body.comments.meta).to.deep.equal({ limit: 3, offset: 0, more: true });
    const whole = await app().get(`/v1/books/${book.id}?include=comments:limit(100)`);
    expect(whole.body.comments.data).to.have.length(book.comments!.length);
    expect(whole.body.comments).not.to.have.property('meta');
    const rest = await app().get(`/v1/books/${book.id}?include=comments:limit(3|3)`);
    expect(rest.body.comments.meta?.more ?? false).to.equal(book.comments!.length > 6);
  });

  it('a:sort(key|dir), a:order(key|dir) and chained modifiers', async () => {
    const book = (await Book.findAll({ where: PUBLISHED, include: [{ model: Comment, where: UNFLAGGED, required: false }] })).find(
      (b) => (b.comments?.length ?? 0) >= 5,
    )!;
    const sorted = await app().get(`/v1/books/${book.id}?include=comments:sort(created_at|asc)`);
    const ordered = await app().get(`/v1/books/${book.id}?include=comments:order(created_at|asc)`);
    expect(ids(sorted.body.comments)).to.deep.equal(await comments(book.id, ['createdAt', 'ASC'], 3));
    expect(ordered.body).to.deep.equal(sorted.body);
    const chained = await app().get(`/v1/books/${book.id}?include=comments:limit(2|2):sort(id|asc)`);
    expect(ids(chained.body.comments)).to.deep.equal(await comments(book.id, ['id', 'ASC'], 2, 2));
  });

  it('a:limit(2).b:limit(1): modifiers on each segment', async () => {
    const res = await app().get('/v1/authors/1?include=books:limit(2|0):sort(id|asc).comments:limit(1|0)');
    expect(res.body.books.data).to.have.length(2);
    for (const book of res.body.books.data) {
      expect(ids(book.comments)).to.deep.equal(await comments(book.id, ['createdAt', 'DESC'], 1));
    }
  });

  for (const bad of [
    'editor',
    'author.agent',
    'comments:limit(x)',
    'comments:sort(password|asc)',
    'comments:sort(id|random)',
    'comments:take(2)',
    'comments:limit(101)',
  ]) {
    it(`answers 400 for ${bad}`, async () => {
      const res = await app().get(`/v1/books?include=${encodeURIComponent(bad)}`);
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.match(/^Invalid include parameter/);
    });
  }
});

onBothFrameworks('statements per request with includes', (app) => {
  const books = (perPage: number) => `/v1/books?per_page=${perPage}&include=author,publisher,comments:limit(3|0):sort(created_at|desc)`;
  const authors = (perPage: number) => `/v1/authors?per_page=${perPage}&include=books:limit(2|0).comments:limit(1|0)`;

  it('are the same for 5 books a page as for 100: the page with its total, then one per include', async () => {
    const five = await exampleQueries(() => app().get(books(5)));
    const hundred = await exampleQueries(() => app().get(books(100)));
    expect(five).to.have.length(4);
    expect(hundred).to.have.length(five.length);
    expect((await app().get(books(100))).body.data).to.have.length(100);
  });

  it('count a page total with a plain count(*): no join, so no DISTINCT', async () => {
    for (const target of [books(5), '/v1/authors/2/books']) {
      const count = (await exampleQueries(() => app().get(target))).find((sql) => /count\(/i.test(sql));
      expect(count, target).to.match(/SELECT count\(\*\) AS "?`?count`?"? FROM/);
    }
  });

  it('are the same one level down, for 5 authors and for 10', async () => {
    const five = await exampleQueries(() => app().get(authors(5)));
    const ten = await exampleQueries(() => app().get(authors(10)));
    expect(five).to.have.length(3);
    expect(ten).to.have.length(five.length);
  });

  it('apply limit, offset and sort per parent inside SQL, each parent reading its own rows only', async () => {
    const sql = await exampleQueries(() => app().get(books(5)));
    const q = quoted;
    const comments = sql.find((statement) => statement.includes(`FROM ${q('comments')}`))!;
    // limit(3): four rows a parent are read, the fourth only to tell that the limit cut the relation.
    // Between them, the example's policy: the rows an anonymous caller may see.
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const perParent =
      escaped(`FROM ${q('comments')} WHERE ${q('book_id')} = ${q('__rca_parent')}.${q('key')}`) +
      ' AND \\(.+\\) ' +
      escaped(`ORDER BY ${q('created_at')} DESC, ${q('id')} DESC LIMIT 4 OFFSET 0`);
    expect(comments).to.match(new RegExp(perParent));
    if (testDialect === 'postgres') expect(comments).to.include('CROSS JOIN LATERAL');
    else expect(comments).to.match(new RegExp(`${escaped(`${q('id')} IN (SELECT ${q('id')} `)}${perParent}\\)`));
    if (testDialect === 'sqlite') {
      // The per-parent subquery walks the (book_id, created_at, id) index and stops at its limit: no scan of comments.
      const sequelize = await exampleDatabase();
      const plan = await sequelize.query<{ parent: number; detail: string }>(`EXPLAIN QUERY PLAN ${comments.replace(/^Executing \(default\): /, '')}`, {
        type: QueryTypes.SELECT,
      });
      const shown = plan.map((row) => `${row.parent}: ${row.detail}`).join('; ');
      expect(
        plan.some((row) => /^SEARCH comments USING (COVERING )?INDEX \w+ \(book_id=\?\)$/.test(row.detail)),
        shown,
      ).to.equal(true);
      expect(
        plan.filter((row) => /^SCAN comments/.test(row.detail)),
        shown,
      ).to.deep.equal([]);
      // Only the final order of the few rows returned needs sorting, never a parent's comments.
      expect(
        plan.filter((row) => row.detail.includes('TEMP B-TREE') && row.parent !== 0),
        shown,
      ).to.deep.equal([]);
    }
  });
});

onBothFrameworks(
  'JSONP on the books API',
  (app) => {
    it('wraps the index for a good callback', async () => {
      const res = await app().get('/v1/books?callback=showBooks');
      expect(res.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
      expect(res.text.startsWith('/**/ typeof showBooks === \'function\' && showBooks({"data":[')).to.equal(true);
    });

    it('answers a bad callback with a JSON 400', async () => {
      const res = await app().get('/v1/books?callback=alert(document.cookie)');
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.match(/^Invalid JSONP callback/);
    });

    it('never answers a request that carries credentials: a JSON 400 naming them, the data not sent', async () => {
      for (const headers of [{ authorization: 'Bearer x' }, { cookie: 'session=1' }] as Array<Record<string, string>>) {
        const res = await app().get('/v1/books?callback=showBooks', { headers });
        expect(res.status).to.equal(400);
        expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
        expect(res.body.error.message).to.equal(
          `JSONP is not served to a request that carries credentials (${Object.keys(headers)[0]}): send it without them, or fetch the JSON`,
        );
      }
    });
  },
  { jsonp: { enabled: true } },
);

onBothFrameworks('JSONP by default', (app) => {
  it('is off: a callback is an ordinary parameter, answered with plain JSON', async () => {
    const res = await app().get('/v1/books?callback=showBooks');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
  });

  it('is not in the document: no callback parameter, no text/javascript answer', async () => {
    const res = await app().get('/v1/openapi.json');
    expect(res.text).not.to.include('text/javascript');
    expect(res.text).not.to.include('"callback"');
  });
});
