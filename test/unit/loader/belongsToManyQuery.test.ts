import { expect } from 'chai';
import fc from 'fast-check';
import { QueryTypes } from 'sequelize';
import { belongsToManyParts, belongsToManyQuery, PARENT_KEY, throughAlias } from '../../../src/loader/belongsToManyQuery';
import type { SortRequest } from '../../../src/loader/sortKey';
import { Book, BookGenre, Genre } from '../../../example/models';
import { exampleDatabase } from '../../fixture/database';

type Row = Record<string, unknown>;

const request = (limit: number, offset: number, sort: string, order: 'asc' | 'desc'): SortRequest => ({
  params: { limit, offset, sort, order },
  sortGiven: true,
  path: 'genres',
});

/** Each book's genres as the include should pick them, computed from the rows in memory. */
async function expected(bookIds: number[], sort: 'name' | 'id', order: 'asc' | 'desc', limit: number, offset: number) {
  const links = await BookGenre.findAll({ where: { bookId: bookIds }, raw: true });
  const genres = new Map((await Genre.findAll({ raw: true })).map((genre) => [genre.id, genre]));
  const sign = order === 'asc' ? 1 : -1;
  const compare = (a: Genre, b: Genre) => sign * (a[sort] < b[sort] ? -1 : a[sort] > b[sort] ? 1 : 0) || sign * (a.id - b.id);
  return bookIds.map((bookId) =>
    links
      .filter((link) => link.bookId === bookId)
      .map((link) => ({ genre: genres.get(link.genreId)!, primary: Boolean(link.primary) }))
      .sort((a, b) => compare(a.genre, b.genre))
      .slice(offset, offset + limit)
      .map(({ genre, primary }) => [genre.id, primary]),
  );
}

/** The statement's rows per book, in the order it answered them. */
async function run(bookIds: number[], sort: SortRequest, selected: string[] | null = null) {
  const query = belongsToManyQuery(belongsToManyParts(Book.associations.genres), sort, selected);
  const rows = await Book.sequelize!.query<Row>(query.sql(bookIds.length), { type: QueryTypes.SELECT, replacements: query.replacements(bookIds), raw: true });
  return { rows, query, byBook: bookIds.map((id) => rows.filter((row) => Number(row[PARENT_KEY]) === id)) };
}

describe('belongsToManyQuery()', () => {
  before(() => exampleDatabase());

  it("answers every book's own slice of genres in one statement: sorted, offset, limited, with the through row (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom<'name' | 'id'>('name', 'id'),
        fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
        async (bookIds, sort, order, limit, offset) => {
          const { byBook } = await run(bookIds, request(limit, offset, sort, order));
          const got = byBook.map((rows) => rows.map((row) => [Number(row.id), Boolean(Number(row[throughAlias('primary')]))]));
          expect(got).to.deep.equal(await expected(bookIds, sort, order, limit, offset));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('orders the rows by parent key, then by the sort; every value is a replacement', async () => {
    const { rows, query } = await run([7, 3, 5], request(2, 0, 'id', 'asc'));
    const parents = rows.map((row) => Number(row[PARENT_KEY]));
    expect(parents).to.deep.equal([...parents].sort((a, b) => a - b));
    expect(query.replacements([7, 3, 5])).to.deep.equal([7, 3, 5, 2, 0]);
    expect(query.sql(3), 'no value written into the SQL').not.to.match(/\d/);
    expect(query.throughAttributes).to.include.members(['bookId', 'genreId', 'primary']);
  });

  it('reads only the selected columns, with the key and the sort key it needs', async () => {
    const { rows } = await run([1, 2], request(3, 0, 'name', 'asc'), ['id']);
    const columns = Object.keys(rows[0]).filter((key) => !key.startsWith('__rca_'));
    expect(columns).to.have.members(['id', 'name']);
  });

  it('a sort key the target does not have falls back to the primary key when the client did not name it', async () => {
    const quiet = { ...request(3, 0, 'created_at_nowhere', 'desc'), sortGiven: false };
    const books = Array.from({ length: 20 }, (_, i) => i + 1);
    const { byBook } = await run(books, quiet);
    const ids = byBook.map((rows) => rows.map((row) => Number(row.id)));
    expect(ids).to.deep.equal((await expected(books, 'id', 'desc', 3, 0)).map((genres) => genres.map(([id]) => id)));
  });
});
