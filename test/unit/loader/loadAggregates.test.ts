import { expect } from 'chai';
import fc from 'fast-check';
import { ApiError } from '../../../src';
import type { AggregateValues } from '../../../src/loader/aggregateInMemory';
import { loadAggregates } from '../../../src/loader/loadAggregates';
import { RelatedRef } from '../../../src/loader/RelatedRef';
import type { IncludeAggregate } from '../../../src/query/IncludeTree';
import { Author, Book, BookGenre, Comment } from '../../../example/models';
import { exampleDatabase, exampleQueries } from '../../fixture/database';

const refsOf = (parents: object[], association: string) => parents.map((parent) => new RelatedRef(parent, association));

/** The aggregates of each book's comments, computed from the rows in memory. */
async function commentsInMemory(books: Book[]): Promise<AggregateValues[]> {
  const comments = await Comment.findAll({ where: { bookId: books.map((book) => book.id) } });
  return books.map((book) => {
    const own = comments.filter((comment) => comment.bookId === book.id);
    const ratings = own.map((comment) => comment.rating).filter((rating): rating is number => rating !== null);
    const created = own.map((comment) => comment.createdAt.getTime());
    const sum = ratings.length ? ratings.reduce((a, b) => a + b, 0) : null;
    return {
      count: own.length,
      exists: own.length > 0,
      sum: { rating: sum },
      avg: { rating: sum === null ? null : sum / ratings.length },
      max: { rating: ratings.length ? Math.max(...ratings) : null },
      min: { created_at: created.length ? new Date(Math.min(...created)) : null },
    };
  });
}

const ALL: IncludeAggregate[] = [
  { fn: 'count' },
  { fn: 'exists' },
  { fn: 'sum', column: 'rating' },
  { fn: 'avg', column: 'rating' },
  { fn: 'max', column: 'rating' },
  { fn: 'min', column: 'created_at' },
];

describe('loadAggregates()', () => {
  before(() => exampleDatabase());

  it('computes every aggregate of has-many rows in one GROUP BY, as the rows in memory say (fast-check over the parents)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 15 }), async (ids) => {
        const books = await Book.findAll({ where: { id: ids } });
        let values: AggregateValues[] = [];
        const statements = await exampleQueries(async () => {
          values = await loadAggregates(refsOf(books, 'comments'), ALL);
        });
        expect(statements).to.have.length(1);
        const expected = await commentsInMemory(books);
        for (const [i, value] of values.entries()) {
          const [avg, wanted] = [value.avg!.rating, expected[i].avg!.rating];
          if (wanted === null) expect(avg, `book ${books[i].id}`).to.equal(null);
          else expect(avg, `book ${books[i].id}`).to.be.closeTo(wanted, 1e-9);
          expect({ ...value, avg: undefined }, `book ${books[i].id}`).to.deep.equal({ ...expected[i], avg: undefined });
        }
      }),
      { numRuns: 25 },
    );
  });

  it('counts belongs-to and belongs-to-many relations: one author each, the genres through the join table', async () => {
    const books = await Book.findAll({ where: { id: [1, 2, 3, 39] } });
    expect((await loadAggregates(refsOf(books, 'author'), [{ fn: 'count' }])).map((value) => value.count)).to.deep.equal([1, 1, 1, 1]);
    const genres = await loadAggregates(refsOf(books, 'genres'), [{ fn: 'count' }, { fn: 'exists' }]);
    const links = await BookGenre.findAll({ where: { bookId: [1, 2, 3, 39] } });
    expect(genres).to.deep.equal(
      books.map((book) => {
        const count = links.filter((link) => link.bookId === book.id).length;
        return { count, exists: count > 0 };
      }),
    );
  });

  it('a parent without related rows has count 0, exists false and null for the rest; an author its books', async () => {
    const [none] = await loadAggregates(refsOf([(await Book.findByPk(39))!], 'comments'), ALL);
    expect(none).to.deep.equal({ count: 0, exists: false, sum: { rating: null }, avg: { rating: null }, max: { rating: null }, min: { created_at: null } });
    const authors = await Author.findAll({ where: { id: [1, 2] }, order: [['id', 'ASC']] });
    const counts = await loadAggregates(refsOf(authors, 'books'), [{ fn: 'count' }]);
    expect(counts.map((value) => value.count)).to.deep.equal([await Book.count({ where: { authorId: 1 } }), await Book.count({ where: { authorId: 2 } })]);
  });

  it('a relation already in memory costs no statement; a filter on the rows queries again and applies', async () => {
    const books = await Book.findAll({ where: { id: [1, 2, 5] }, include: [Comment] });
    let values: AggregateValues[] = [];
    expect(await exampleQueries(async () => (values = await loadAggregates(refsOf(books, 'comments'), [{ fn: 'count' }])))).to.deep.equal([]);
    expect(values.map((value) => value.count)).to.deep.equal(books.map((book) => book.comments!.length));
    const rated = await loadAggregates(refsOf(books, 'comments'), [{ fn: 'count' }], (alias) => `${alias}.rating IS NOT NULL`);
    expect(rated.map((value) => value.count)).to.deep.equal(books.map((book) => book.comments!.filter((comment) => comment.rating !== null).length));
  });

  it('refuses sum() or avg() of a column that is not a number (400), and a column the target lacks (500, its own code)', async () => {
    const books = await Book.findAll({ where: { id: [1] } });
    const notNumber = await loadAggregates(refsOf(books, 'comments'), [{ fn: 'sum', column: 'created_at' }]).catch((error: ApiError) => error);
    expect([(notNumber as ApiError).status, (notNumber as ApiError).message]).to.deep.equal([
      400,
      'Invalid include parameter "comments:sum(created_at)": sum() adds numbers, and "created_at" is not a number; min() and max() take it',
    ]);
    const unmapped = await loadAggregates(refsOf(books, 'comments'), [{ fn: 'max', column: 'nowhere' }]).catch((error: ApiError) => error);
    expect([(unmapped as ApiError).code, (unmapped as ApiError).status]).to.deep.equal(['RCA_AGGREGATE_UNMAPPED', 500]);
  });

  it('answers nothing for no parents, and refuses a relation the model does not have', async () => {
    expect(await loadAggregates([], ALL)).to.deep.equal([]);
    const error = await loadAggregates(refsOf([(await Book.findByPk(1))!], 'readers'), [{ fn: 'count' }]).catch((e: ApiError) => e);
    expect((error as ApiError).code).to.equal('RCA_RELATION_UNKNOWN');
  });
});
