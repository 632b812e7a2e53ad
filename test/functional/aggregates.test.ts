import { expect } from 'chai';
import { Author, Book, Comment, Genre } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { exampleQueries, testDialect } from '../fixture/database';
import { PUBLISHED, UNFLAGGED } from '../fixture/seededRows';

/** What each book's comments aggregate to, read directly. */
async function commentStats(bookIds: number[]) {
  const comments = await Comment.findAll({ where: { bookId: bookIds, ...UNFLAGGED } });
  return new Map(
    bookIds.map((id) => {
      const own = comments.filter((comment) => comment.bookId === id);
      const ratings = own.map((comment) => comment.rating).filter((rating): rating is number => rating !== null);
      return [
        id,
        {
          count: own.length,
          exists: own.length > 0,
          sum: ratings.length ? ratings.reduce((a, b) => a + b, 0) : null,
          avg: ratings.length ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null,
          min: ratings.length ? Math.min(...ratings) : null,
          max: ratings.length ? Math.max(...ratings) : null,
        },
      ];
    }),
  );
}

onBothFrameworks(`relation counts and aggregates as includes (${testDialect})`, (app) => {
  const all = 'comments:count,comments:exists,comments:sum(rating),comments:avg(rating),comments:min(rating),comments:max(rating)';

  it('count, exists, sum, avg, min and max of each book’s comments, as the rows say', async () => {
    const res = await app().get(`/v1/books?per_page=100&include=${all}`);
    expect(res.status).to.equal(200);
    const stats = await commentStats(res.body.data.map((book: { id: number }) => book.id));
    for (const book of res.body.data) {
      const expected = stats.get(book.id)!;
      expect(
        {
          count: book.comments_count,
          exists: book.comments_exists,
          sum: book.comments_sum_rating,
          min: book.comments_min_rating,
          max: book.comments_max_rating,
        },
        `book ${book.id}`,
      ).to.deep.equal({ count: expected.count, exists: expected.exists, sum: expected.sum, min: expected.min, max: expected.max });
      if (expected.avg === null) expect(book.comments_avg_rating).to.equal(null);
      else expect(book.comments_avg_rating, `book ${book.id}`).to.be.closeTo(expected.avg, 1e-9);
      expect(book).to.not.have.property('comments');
    }
    expect(res.body.data.some((book: { comments_count: number }) => book.comments_count === 0)).to.equal(true);
  });

  it('cost one GROUP BY statement per include level, however many aggregates and parents', async () => {
    const five = await exampleQueries(() => app().get(`/v1/books?per_page=5&include=${all},genres:count`));
    const hundred = await exampleQueries(() => app().get(`/v1/books?per_page=100&include=${all},genres:count`));
    expect(five).to.have.length(3);
    expect(hundred).to.have.length(3);
    expect(five.filter((sql) => /GROUP BY/.test(sql))).to.have.length(2);
    const nested = await exampleQueries(() => app().get('/v1/authors?per_page=10&include=books:limit(100).comments:count'));
    expect(nested).to.have.length(3);
  });

  it('go beside the rows of the same relation, nested, through belongs-to-many, and from the other side', async () => {
    const res = await app().get('/v1/authors/2?include=books:limit(2).comments:count,books:count,books:min(published_at),books:max(published_at)');
    expect(res.status).to.equal(200);
    const books = await Book.findAll({ where: { authorId: 2, ...PUBLISHED }, order: [['publishedAt', 'ASC']] });
    expect(res.body.books_count).to.equal(books.length);
    expect(res.body.books_min_published_at).to.equal(books[0].publishedAt!.toISOString());
    expect(res.body.books_max_published_at).to.equal(books.at(-1)!.publishedAt!.toISOString());
    expect(res.body.books.data).to.have.length(2);
    for (const book of res.body.books.data) expect(book.comments_count).to.equal(await Comment.count({ where: { ...UNFLAGGED, bookId: book.id } }));
    const genres = await app().get('/v1/genres?per_page=10&include=books:count');
    for (const genre of genres.body.data) expect(genre.books_count, genre.name).to.equal(await (await Genre.findByPk(genre.id))!.$count('books'));
    const authors = await app().get('/v1/books/7?include=author:exists,genres:count');
    expect(authors.body.author_exists).to.equal(true);
    expect(authors.body.genres_count).to.equal(await (await Book.findByPk(7))!.$count('genres'));
  });

  it('refuse an aggregate of a column the transformer does not allow, or malformed, before any SQL, and a POST writes nothing', async () => {
    const refused: Array<[string, RegExp]> = [
      ['comments:sum(body)', /sum\(\) of "body" is not allowed for comments; allowed columns: rating/],
      ['genres:avg(id)', /allowed columns: none/],
      ['comments:count.author', /count ends a path/],
      ['comments:count:limit(2)', /takes no limit\(\) or sort\(\)/],
      ['comments:count:exists', /one aggregate a path/],
      ['comments:avg()', /avg\(\) takes one column/],
      ['comments:total', /is not a modifier/],
    ];
    for (const [include, reason] of refused) {
      let res: Awaited<ReturnType<ReturnType<typeof app>['get']>> | undefined;
      const statements = await exampleQueries(async () => (res = await app().get(`/v1/books?include=${include}`)));
      expect([res!.status, statements.length], include).to.deep.equal([400, 0]);
      expect(res!.body.error.message, include).to.match(reason);
    }
    // Allowed for min() and max(): a date is not a number to add up (SQLite would add its years).
    for (const fn of ['sum', 'avg']) {
      const res = await app().get(`/v1/authors/2?include=books:${fn}(published_at)`);
      expect([res.status, res.body.error?.message]).to.deep.equal([
        400,
        `Invalid include parameter "books:${fn}(published_at)": ${fn}() adds numbers, and "published_at" is not a number; min() and max() take it`,
      ]);
    }
    const before = await Book.count();
    const post = await app().post('/v1/books?include=comments:avg(body)', { title: 'Never written', author_id: 1, publisher_id: 1 });
    expect(post.status).to.equal(400);
    expect(await Book.count()).to.equal(before);
  });

  it('are documented: the include pattern takes them, the resource schema lists their fields', async () => {
    const document = (await app().get('/v1/openapi.json')).body;
    const include = document.paths['/v1/books'].get.parameters.find((parameter: { name: string }) => parameter.name === 'include');
    const pattern = new RegExp(include.schema.items.anyOf[1].pattern);
    for (const valid of ['comments:count', 'genres:exists', 'comments:avg(rating)', 'author.books:count']) expect(valid, valid).to.match(pattern);
    for (const invalid of ['comments:count.author', 'comments:counts']) expect(invalid, invalid).not.to.match(pattern);
    expect(document.components.schemas.Book.properties).to.include.keys('comments_count', 'comments_exists', 'comments_avg_rating', 'genres_count');
    expect(await Author.count()).to.be.above(0);
  });
});

onBothFrameworks(
  `relation counts in json-api mode (${testDialect})`,
  (app) => {
    it('are the relationship’s meta, beside its data when the rows are included too', async () => {
      const res = await app().get('/v1/books?page[size]=10&include=comments:count,comments:avg(rating),genres,genres:count', {
        headers: { accept: 'application/vnd.api+json' },
      });
      expect(res.status).to.equal(200);
      const stats = await commentStats(res.body.data.map((book: { id: string }) => Number(book.id)));
      for (const book of res.body.data) {
        const expected = stats.get(Number(book.id))!;
        expect(book.relationships.comments.meta.count, `book ${book.id}`).to.equal(expected.count);
        expect(book.relationships.comments).to.not.have.property('data');
        expect(book.relationships.genres.meta.count).to.equal(book.relationships.genres.data.length);
        if (expected.avg !== null) expect(book.relationships.comments.meta.avg.rating).to.be.closeTo(expected.avg, 1e-9);
      }
    });
  },
  { serializer: 'json-api' },
);

onBothFrameworks(
  `counts, filters and belongs-to-many in the data-array serializer (${testDialect})`,
  (app) => {
    it('send the aggregate fields beside the item’s own and the filtered, wrapped collections', async () => {
      const res = await app().get('/v1/books?per_page=100&filter[genres.name]=Poetry&include=comments:count,genres:filter(name|eq|Poetry)');
      expect(res.status).to.equal(200);
      const poetry = (await Genre.findOne({ where: { name: 'Poetry' } }))!;
      const expected = (await poetry.$get('books')).map((book) => book.id).sort((a, b) => a - b);
      expect(res.body.data.map((book: { id: number }) => book.id).sort((a: number, b: number) => a - b)).to.deep.equal(expected);
      for (const book of res.body.data) {
        expect(book.comments_count, `book ${book.id}`).to.equal(await Comment.count({ where: { ...UNFLAGGED, bookId: book.id } }));
        expect(book.genres.data.map((genre: { name: string }) => genre.name)).to.deep.equal(['Poetry']);
      }
    });
  },
  { serializer: 'data-array' },
);
