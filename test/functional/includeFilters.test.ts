import { expect } from 'chai';
import { Op } from 'sequelize';
import { Book, Comment } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { exampleQueries, testDialect } from '../fixture/database';
import { PUBLISHED, UNFLAGGED } from '../fixture/seededRows';

onBothFrameworks(`filtered includes: include=comments:filter(rating|gte|4) (${testDialect})`, (app) => {
  it("filter each book's comments, their limit and sort applied to the rows that match, in the same statements", async () => {
    const target = '/v1/books?per_page=100&include=comments:limit(2):sort(id|asc):filter(rating|gte|4),comments:count';
    let res: Awaited<ReturnType<ReturnType<typeof app>['get']>> | undefined;
    const statements = await exampleQueries(async () => (res = await app().get(target)));
    expect(res!.status).to.equal(200);
    expect(statements, 'the page with its total, comments, their count').to.have.length(3);
    for (const book of res!.body.data) {
      const matching = await Comment.findAll({ where: { ...UNFLAGGED, bookId: book.id, rating: { [Op.gte]: 4 } }, order: [['id', 'ASC']] });
      expect(
        book.comments.data.map((comment: { id: number }) => comment.id),
        `book ${book.id}`,
      ).to.deep.equal(matching.slice(0, 2).map((c) => c.id));
      // The count is the relation's too: filtered as its rows are.
      expect(book.comments_count, `book ${book.id}`).to.equal(matching.length);
      expect(book.comments.meta?.more ?? false).to.equal(matching.length > 2);
    }
  });

  it('filter through belongs-to-many and one level down, and count what matches', async () => {
    const genres = await app().get('/v1/books/1?include=genres:filter(name|ne|Poetry),genres:count');
    const all = await (await Book.findByPk(1))!.$get('genres');
    const kept = all.filter((genre) => genre.name !== 'Poetry');
    expect(genres.body.genres.data.map((genre: { name: string }) => genre.name).sort()).to.deep.equal(kept.map((genre) => genre.name).sort());
    expect(genres.body.genres_count).to.equal(kept.length);
    const authors = await app().get('/v1/authors?per_page=10&include=books:filter(published_at|gte|2023-01-01):count');
    for (const author of authors.body.data) {
      const expected = await Book.count({ where: { ...PUBLISHED, authorId: author.id, publishedAt: { [Op.gte]: new Date('2023-01-01T00:00:00Z') } } });
      expect(author.books_count, author.name).to.equal(expected);
    }
    const nested = await app().get('/v1/authors/2?include=books:limit(3).comments:filter(body|contains|classic):count');
    for (const book of nested.body.books.data) {
      const expected = (await Comment.findAll({ where: { ...UNFLAGGED, bookId: book.id } })).filter((c) => c.body.toLowerCase().includes('classic')).length;
      expect(book.comments_count, `book ${book.id}`).to.equal(expected);
    }
  });

  it('refuse a filter the transformer does not declare, a mistyped value or a malformed one, before any SQL', async () => {
    const refused: Array<[string, RegExp]> = [
      ['comments:filter(rating|gte|x)', /"x" is not an integer/],
      ['comments:filter(nope|eq|1)', /"nope" cannot be filtered by here; filterable: rating, body/],
      ['comments:filter(rating|like|1)', /"like" is not an operator of rating/],
      ['author:filter(name|eq|Ada)', /author cannot be filtered/],
      ['comments:filter(rating|4)', /filter\(\) takes filter\(field\|operator\|value\)/],
      ['comments:filter(rating|gte|1):filter(rating|gte|2)', /is given more than once/],
      [`comments${':filter(rating|gte|1)'.repeat(6)}`, /at most 5 filter\(\)/],
      ['comments:filter(rating|gte|4),comments:filter(rating|gte|5)', /given twice with different modifiers/],
    ];
    // A transformer that declares no includeFilters at all (the fuzzer found this one a 500).
    expect((await app().get('/v1/genres?include=books:filter(a|a|)')).status).to.equal(400);
    for (const [include, reason] of refused) {
      let res: Awaited<ReturnType<ReturnType<typeof app>['get']>> | undefined;
      const statements = await exampleQueries(async () => (res = await app().get(`/v1/books?include=${encodeURIComponent(include)}`)));
      expect([res!.status, statements.length], include).to.deep.equal([400, 0]);
      expect(res!.body.error.message, include).to.match(reason);
    }
  });
});
