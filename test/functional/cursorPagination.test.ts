import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { Comment } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { exampleDatabase, exampleQueries, testDialect } from '../fixture/database';
import { UNFLAGGED } from '../fixture/seededRows';

const ids = (body: { data: Array<{ id: number | string }> }) => body.data.map((item) => Number(item.id));
const token = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

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

  it('answers 400 for a cursor it did not give out: malformed, forged, of another order, too long, mistyped', async () => {
    const good = (await app().get('/v1/comments?per_page=2')).body.meta.cursor.next as string;
    const [version, direction, fingerprint, created, id] = JSON.parse(Buffer.from(good, 'base64url').toString()) as unknown[];
    const bad = [
      'not a cursor!',
      'x'.repeat(2000),
      token({ a: 1 }),
      token([version, direction, 'forged0000', created, id]),
      token([version, 7, fingerprint, created, id]),
      token([version, direction, fingerprint, 'yesterday', id]),
      token([version, direction, fingerprint, created, 'one']),
      token([version, direction, fingerprint, created]),
    ];
    for (const cursor of bad) {
      const res = await app().get(`/v1/comments?cursor=${encodeURIComponent(cursor)}`);
      expect([res.status, res.body.error?.message], cursor.slice(0, 30)).to.deep.equal([400, res.body.error.message]);
      expect(res.body.error.message).to.match(/^Invalid pagination parameter "cursor"/);
    }
    expect((await app().get(`/v1/comments?sort=created&cursor=${good}`)).status).to.equal(400);
  });

  it('answers 400 for values of the right shape but not of their column: fractional, negative or huge ids, dates that are not instants', async () => {
    const good = (await app().get('/v1/comments?per_page=2')).body.meta.cursor.next as string;
    const [version, direction, fingerprint, created, id] = JSON.parse(Buffer.from(good, 'base64url').toString()) as unknown[];
    expect((await app().get(`/v1/comments?cursor=${token([version, direction, fingerprint, created, id])}`)).status).to.equal(200);
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
      const parts = key === 'id' ? [version, direction, fingerprint, created, value] : [version, direction, fingerprint, value, id];
      const res = await app().get(`/v1/comments?cursor=${token(parts)}`);
      expect(res.status, `${key} ${value}`).to.equal(400);
    }
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
  'cursor pagination with pagination.cursorSecret: signed tokens',
  (app) => {
    const other = 'another secret of at least 32 characters!';
    const secret = 'a secret of at least thirty-two characters';
    it('walks with signed tokens, and refuses one edited, invented, or signed with another secret', async () => {
      const first = await app().get('/v1/comments?per_page=2');
      const next = first.body.meta.cursor.next as string;
      const second = await app().get(`/v1/comments?per_page=2&cursor=${next}`);
      expect(second.status).to.equal(200);
      expect(ids(second.body)).to.not.include.members(ids(first.body));
      const [version, direction, fingerprint, created, id] = JSON.parse(Buffer.from(next, 'base64url').toString()) as [number, number, string, string, number];
      expect(fingerprint).to.have.length(22);
      // A valid position of the same list, one the API did not give out: accepted unsigned, refused signed.
      const edited = await app().get(`/v1/comments?per_page=2&cursor=${token([version, direction, fingerprint, created, id - 1])}`);
      expect(edited.status).to.equal(400);
      expect(edited.body.error.message).to.match(/was altered/);
      const flipped = await app().get(`/v1/comments?per_page=2&cursor=${token([version, -direction, fingerprint, created, id])}`);
      expect(flipped.status).to.equal(400);
      const { createHmac } = await import('node:crypto');
      const list = `/v1/comments|Comment|createdAt DESC,id DESC`;
      const signed = (key: string) =>
        token([
          version,
          direction,
          createHmac('sha256', key)
            .update(`${list}|after|${JSON.stringify([created, id])}`)
            .digest('base64url')
            .slice(0, 22),
          created,
          id,
        ]);
      expect((await app().get(`/v1/comments?per_page=2&cursor=${signed(other)}`)).status).to.equal(400);
      // The same position signed with the server's secret is the token it gave out.
      expect(signed(secret)).to.equal(next);
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
