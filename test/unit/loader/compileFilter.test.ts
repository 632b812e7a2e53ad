import { expect } from 'chai';
import fc from 'fast-check';
import { Op } from 'sequelize';
import { ApiError } from '../../../src';
import { compileFilter, filterSql } from '../../../src/loader/compileFilter';
import { filterFields } from '../../../src/model/filterFields';
import { DEFAULT_FILTER_LIMITS, parseFilter } from '../../../src/query/parseFilter';
import { exampleDatabase } from '../../fixture/database';
import { Author, Book, Comment } from '../../../example/models';

const BOOKS = {
  model: () => Book,
  fields: { title: ['eq', 'contains', 'in'], out_of_print: ['eq'], 'author.name': ['eq', 'starts'], 'comments.body': ['contains'] },
} as const;

/** The filter of a query string for the fixture's books. */
const request = (search: string) => parseFilter(new URLSearchParams(search), filterFields(BOOKS, undefined), DEFAULT_FILTER_LIMITS);

/** The ids of the books a filter lists, ordered. */
async function ids(search: string): Promise<number[]> {
  const books = await Book.findAll({ where: compileFilter(Book, request(search)), order: [['id', 'ASC']], attributes: ['id'] });
  return books.map((book) => book.id);
}

describe('compileFilter() and filterSql()', () => {
  before(async () => {
    await exampleDatabase();
  });

  it('lists the rows every condition holds for, through relations as semi-joins (a parent once however many related rows match)', async () => {
    const all = await Book.findAll({ include: [Author, Comment], order: [['id', 'ASC']] });
    const expected = (test: (book: Book) => boolean) => all.filter(test).map((book) => book.id);
    const author = all[0].author!.name;
    expect(await ids(`filter[author.name]=${encodeURIComponent(author)}`)).to.deep.equal(expected((book) => book.author?.name === author));
    const word = all.find((book) => (book.comments ?? []).length > 0)!.comments![0].body.split(' ')[0];
    expect(await ids(`filter[comments.body][contains]=${encodeURIComponent(word)}`)).to.deep.equal(
      expected((book) => (book.comments ?? []).some((comment) => comment.body.toLowerCase().includes(word.toLowerCase()))),
    );
    expect(await ids('filter[out_of_print]=true')).to.deep.equal(expected((book) => book.outOfPrint));
    expect(compileFilter(Book, null)).to.equal(undefined);
  });

  it('takes a client value as data: quotes, %, _ and backslashes are literal (fast-check against the rows in memory)', async () => {
    const all = await Book.findAll({ order: [['id', 'ASC']] });
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('a', 'e', "'", '%', '_', '\\', '"', ' ', 'T') }), async (text) => {
        const found = await ids(`filter[title][contains]=${encodeURIComponent(text)}`);
        const expected = all.filter((book) => book.title.toLowerCase().includes(text.toLowerCase())).map((book) => book.id);
        expect(found, text).to.deep.equal(expected);
      }),
      { numRuns: 60, seed: 20261126 },
    );
  });

  it("writes an include filter against an alias; a field declared on another model is the action's mistake (500 RCA_FILTER_UNMAPPED)", () => {
    const sql = filterSql(Book, request('filter[title][in]=A,B')!, '"t"');
    // The alias as the loader quoted it, the column as the dialect quotes it (SQLite here), the values escaped.
    expect(sql).to.equal("\"t\".`title` IN ('A', 'B')");
    const onComments = parseFilter(
      new URLSearchParams('filter[body][contains]=x'),
      filterFields({ model: () => Comment, fields: { body: ['contains'] } }, undefined),
      DEFAULT_FILTER_LIMITS,
    );
    expect(() => compileFilter(Book, onComments))
      .to.throw(ApiError)
      .with.property('code', 'RCA_FILTER_UNMAPPED');
    expect(Object.getOwnPropertySymbols(compileFilter(Book, request('filter[title]=A'))!)).to.deep.equal([Op.and]);
  });
});
