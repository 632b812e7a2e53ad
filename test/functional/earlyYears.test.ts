import { expect } from 'chai';
import { createDatabase } from '../../example/database';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { ADDED_BY_TESTS } from '../fixture/seededRows';

onBothFrameworks('dates of the years 0001-0099', (app) => {
  afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

  it('read back as stored: PUT then GET, a GET-then-PUT round trip, an include and a filter', async () => {
    // Another SQLite database opened since (as other suites do) resets Sequelize's process-wide parser.
    await createDatabase({ storage: ':memory:', bindModels: false }).close();
    const created = await app().post('/v1/books', { title: 'Ancient Almanac', author_id: 7, publisher_id: 1 });
    const id = created.body.id as number;
    for (const day of ['0099-05-01', '0001-01-01', '0050-12-31']) {
      expect((await app().send('PUT', `/v1/books/${id}`, { published_at: day })).status).to.equal(200);
      const read = await app().get(`/v1/books/${id}`);
      expect(read.body.published_at, day).to.equal(`${day}T00:00:00.000Z`);
      // What a client read, written back as it is, stays the same day.
      expect((await app().send('PUT', `/v1/books/${id}`, { published_at: read.body.published_at })).status).to.equal(200);
      expect((await Book.findByPk(id))!.publishedAt!.toISOString(), day).to.equal(`${day}T00:00:00.000Z`);
    }
    // The toolkit's own loader (an include) reads it the same way.
    const author = await app().get('/v1/authors/7?include=books:limit(100)');
    const book = (author.body.books.data as Array<{ id: number; published_at: string }>).find((b) => b.id === id)!;
    expect(book.published_at).to.equal('0050-12-31T00:00:00.000Z');
    const early = await app().get('/v1/books?filter[published_at][lt]=0100-01-01');
    expect(early.body.data.map((b: { id: number }) => b.id)).to.deep.equal([id]);
  });
});
