import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Comment } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { exampleDatabase, exampleQueries, testDialect } from '../fixture/database';
import { UNFLAGGED } from '../fixture/seededRows';
import { seal } from '../../src/pagination/cursorToken';

const ids = (body: { data: Array<{ id: number | string }> }) => body.data.map((item) => Number(item.id));

onBothFrameworks('cursor pagination (GET /v1/comments, @Paginated({ cursor: true }))', (app) => {
  it('walks every comment forward, newest first, without a gap or a repeat, and back again', async () => {
    const expected = (
      await Comment.findAll({
        where: UNFLAGGED,
        order: [
          ['createdAt', 'DESC'],
          ['id', 'DESC'],
        ],
      })
    ).map((comment) => comment.id);
    const pages: number[][] = [];
    let res = await app().get('/v1/comments?per_page=50');
    expect(res.body.meta.cursor).to.include({ current: null, previous: null });
    for (;;) {
      pages.push(ids(res.body));
      const next = res.body.meta.cursor.next as string | null;
      if (!next) break;
      res = await app().get(`/v1/comments?per_page=50&cursor=${next}`);
    }
    expect(pages.flat()).to.deep.equal(expected);
    // Back from the last page, page by page, to the first (whose previous is null).
    const back: number[][] = [ids(res.body)];
    while (res.body.meta.cursor.previous) {
      res = await app().get(`/v1/comments?per_page=50&cursor=${res.body.meta.cursor.previous as string}`);
      back.unshift(ids(res.body));
    }
    expect(back.flat()).to.deep.equal(expected);
    expect(res.body.meta.cursor.previous).to.equal(null);
  });

  it('costs one statement, no count, reading from the position by index', async () => {
    const first = await app().get('/v1/comments?per_page=5');
    const sql = await exampleQueries(() => app().get(`/v1/comments?per_page=5&cursor=${first.body.meta.cursor.next as string}`));
    expect(sql).to.have.length(1);
    expect(sql[0]).to.not.match(/count\(/i);
    expect(sql[0]).to.match(/LIMIT 6/);
    if (testDialect === 'sqlite') {
      const plan = await (
        await exampleDatabase()
      ).query<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql[0].replace(/^Executing \(default\): /, '')}`, {
        type: QueryTypes.SELECT,
      });
      const shown = plan.map((row) => row.detail).join('; ');
      // A range scan of the (created_at, id) index from the position, in order: no full scan, no sort.
      expect(shown).to.match(/^SEARCH Comment USING INDEX comments_created \(\(?created_at/, shown);
      expect(shown).to.not.include('TEMP B-TREE');
    }
  });

  it('links to the pages around, keeping the other parameters, and sorts by cursor too', async () => {
    const res = await app().get('/v1/comments?per_page=2&sort=created&fields[comments]=body');
    expect(res.body.data[0]).to.have.all.keys('id', 'body');
    const next = await app().get(`/v1/comments?per_page=2&sort=created&fields[comments]=body&cursor=${res.body.meta.cursor.next as string}`);
    const ascending = (
      await Comment.findAll({
        where: UNFLAGGED,
        order: [
          ['createdAt', 'ASC'],
          ['id', 'ASC'],
        ],
        limit: 4,
      })
    ).map((comment) => comment.id);
    expect([...ids(res.body), ...ids(next.body)]).to.deep.equal(ascending);
  });

  it('answers 400 for a cursor it did not give out: malformed, made up, altered, of another order, too long', async () => {
    const good = (await app().get('/v1/comments?per_page=2')).body.meta.cursor.next as string;
    const bytes = Buffer.from(good, 'base64url');
    const flipped = (at: number) => Buffer.from(bytes.map((byte, i) => (i === at ? byte ^ 1 : byte))).toString('base64url');
    const bad = [
      'not a cursor!',
      'x'.repeat(2000),
      'abc',
      Buffer.from(JSON.stringify([1, 1, '2024-01-01T00:00:00.000Z', 5])).toString('base64url'),
      flipped(0),
      flipped(bytes.length - 1),
      flipped(Math.floor(bytes.length / 2)),
      good.slice(0, -4),
    ];
    for (const cursor of bad) {
      const res = await app().get(`/v1/comments?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor.slice(0, 30)).to.equal(400);
      expect(res.body.error.message).to.match(/^Invalid pagination parameter "cursor"/);
    }
    expect((await app().get(`/v1/comments?sort=created&cursor=${good}`)).status).to.equal(400);
  });

  it('gives out tokens no client can read: the position and its values are sealed (the same position, the same token)', async () => {
    const page = await app().get('/v1/comments?per_page=2');
    const next = page.body.meta.cursor.next as string;
    const last = await Comment.findByPk(page.body.data[1].id as number);
    const opened = Buffer.from(next, 'base64url').toString('latin1');
    expect(opened).not.to.include(last!.createdAt.toISOString());
    expect(opened).not.to.include(String(last!.id));
    expect(() => JSON.parse(opened) as unknown, 'no JSON in the clear').to.throw();
    expect((await app().get('/v1/comments?per_page=2')).body.meta.cursor.next).to.equal(next);
    const after = (await app().get(`/v1/comments?per_page=2&cursor=${next}`)).body.meta.cursor.next as string;
    expect(after.slice(0, 16), 'another position, another nonce').not.to.equal(next.slice(0, 16));
  });

  it("binds a token to its list: a cursor of one book's comments is refused on another's", async () => {
    const book = async (id: number) => (await app().get(`/v1/books/${id}/comments?per_page=1`)).body;
    const [first, second] = [await book(5), await book(6)];
    expect(first.data).to.have.length(1);
    const next = first.meta.cursor.next as string;
    expect((await app().get(`/v1/books/5/comments?per_page=1&cursor=${next}`)).status).to.equal(200);
    const elsewhere = await app().get(`/v1/books/6/comments?per_page=1&cursor=${next}`);
    expect(elsewhere.status).to.equal(400);
    expect(elsewhere.body.error.message).to.match(/belongs to another list/);
    expect(second.data.every((comment: { id: number }) => !first.data.some((other: { id: number }) => other.id === comment.id))).to.equal(true);
  });
});

onBothFrameworks(
  "cursor pagination with pagination.cursorSecret: tokens sealed under the app's key",
  (app) => {
    const secret = 'a secret of at least thirty-two characters';
    const list = '/v1/comments|Comment|createdAt DESC,id DESC';
    it('reads a position sealed under its key; refuses one sealed under another, or for another list', async () => {
      const first = await app().get('/v1/comments?per_page=2');
      const last = await Comment.findByPk(first.body.data[1].id as number);
      const values = [last!.createdAt.toISOString(), last!.id];
      const mine = seal({ direction: 'after', values }, list, secret);
      const second = await app().get(`/v1/comments?per_page=2&cursor=${mine}`);
      expect(second.status).to.equal(200);
      expect(ids(second.body)).to.deep.equal(ids((await app().get(`/v1/comments?per_page=2&cursor=${first.body.meta.cursor.next as string}`)).body));
      for (const other of [
        seal({ direction: 'after', values }, list, 'another secret of at least 32 characters!'),
        seal({ direction: 'after', values }, '/v1/comments|Comment|id DESC', secret),
      ]) {
        const res = await app().get(`/v1/comments?per_page=2&cursor=${other}`);
        expect(res.status).to.equal(400);
        expect(res.body.error.message).to.match(/was altered/);
      }
    });

    it('answers 400 for values of the right shape but not of their column: fractional, negative or huge ids, dates that are not instants', async () => {
      const created = '2024-01-01T02:00:00.000Z';
      for (const [key, value] of [
        ['id', 515.5],
        ['id', -5],
        ['id', 0],
        ['id', 1e308],
        ['created', '0'],
        ['created', '0000-01-01T00:00:00.000Z'],
        ['created', '2024-02-30T00:00:00.000Z'],
        ['created', '2024-01-01'],
      ] as const) {
        const values = key === 'id' ? [created, value] : [value, 5];
        const res = await app().get(`/v1/comments?cursor=${seal({ direction: 'after', values }, list, secret)}`);
        expect(res.status, `${key} ${value}`).to.equal(400);
      }
      expect((await app().get(`/v1/comments?cursor=${seal({ direction: 'after', values: [created, 5] }, list, secret)}`)).status).to.equal(200);
      expect((await app().get(`/v1/comments?cursor=${seal({ direction: 'after', values: [created] }, list, secret)}`)).status).to.equal(400);
    });
  },
  { pagination: { cursorSecret: 'a secret of at least thirty-two characters' } },
);

onBothFrameworks(
  'cursor pagination in JSON:API mode',
  (app) => {
    it('takes page[cursor] and gives prev/next links with it', async () => {
      const res = await app().get('/v1/comments?page[size]=3');
      expect(res.body.meta.cursor.count).to.equal(3);
      expect(res.body.links.prev).to.equal(null);
      const next = new URL(res.body.links.next as string);
      expect(next.searchParams.get('page[cursor]')).to.equal(res.body.meta.cursor.next);
      const second = await app().get(next.pathname + next.search);
      expect(second.status).to.equal(200);
      expect(second.body.links.prev).to.be.a('string');
    });
  },
  { serializer: 'json-api' },
);
