import { expect } from 'chai';
import { Op, type Order } from 'sequelize';
import { Author, Book, Comment } from '../../example/models';
import { statementsKept } from '../../src/loader/statementCache';
import { onBothFrameworks } from './exampleServer';
import { testDialect } from '../fixture/database';
import { UNFLAGGED } from '../fixture/seededRows';

/** The ids of each book's visible comments, as findAll() reads them, `limit` and `offset` applied. */
async function commentIds(bookId: number, order: Order, limit: number, offset: number, where: object = {}): Promise<number[]> {
  const rows = await Comment.findAll({ where: { ...UNFLAGGED, ...where, bookId }, order, limit, offset });
  return rows.map((comment) => comment.id);
}

onBothFrameworks(`statements kept between requests (${testDialect})`, (app) => {
  it("answer each include's own limit, offset and sort, asked in turn and again", async () => {
    const shapes = [
      { include: 'comments:limit(2|0):sort(id|asc)', limit: 2, offset: 0, order: [['id', 'ASC']] },
      { include: 'comments:limit(3|1):sort(id|asc)', limit: 3, offset: 1, order: [['id', 'ASC']] },
      { include: 'comments:limit(2|0):sort(id|desc)', limit: 2, offset: 0, order: [['id', 'DESC']] },
      {
        include: 'comments:limit(1|2):sort(rating|desc)',
        limit: 1,
        offset: 2,
        order: [
          ['rating', 'DESC'],
          ['id', 'DESC'],
        ],
      },
    ] as const;
    for (const round of [1, 2]) {
      for (const { include, limit, offset, order } of shapes) {
        const res = await app().get(`/v1/books?per_page=8&include=${include}`);
        expect(res.status).to.equal(200);
        for (const book of res.body.data) {
          const expected = await commentIds(book.id, order as unknown as Order, limit, offset);
          expect(
            book.comments.data.map((comment: { id: number }) => comment.id),
            `round ${round}, ${include}, book ${book.id}`,
          ).to.deep.equal(expected);
        }
      }
    }
  });

  it("keep a filtered include's statement under its own condition: each request reads with its own filter", async () => {
    for (const rating of [5, 1, 5]) {
      const res = await app().get(`/v1/books?per_page=8&include=comments:limit(5):sort(id|asc):filter(rating|gte|${rating})`);
      expect(res.status).to.equal(200);
      for (const book of res.body.data) {
        const expected = await commentIds(book.id, [['id', 'ASC']], 5, 0, { rating: { [Op.gte]: rating } });
        expect(
          book.comments.data.map((comment: { id: number }) => comment.id),
          `rating >= ${rating}, book ${book.id}`,
        ).to.deep.equal(expected);
      }
    }
  });

  it('write a belongs-to statement once per columns, and read it again for as many keys as the page has', async () => {
    for (const fields of ['', '&fields[authors]=name']) {
      const target = (perPage: number) => `/v1/books?per_page=${perPage}&include=author${fields}`;
      await app().get(target(3));
      const kept = statementsKept(Author);
      for (const perPage of [3, 7, 2]) {
        const res = await app().get(target(perPage));
        expect(res.body.data).to.have.length(perPage);
        for (const book of res.body.data) {
          const { authorId } = (await Book.findByPk(book.id))!;
          expect(book.author.name, `book ${book.id}`).to.equal((await Author.findByPk(authorId))!.name);
        }
      }
      expect(statementsKept(Author), `the same statement${fields}, whatever the number of keys`).to.equal(kept);
    }
  });
});
