import { expect } from 'chai';
import { Book } from '../../example/models';
import { readRows } from '../../src/loader/readPage';
import { findByKeys } from '../../src/loader/selectModels';
import { ADDED_BY_TESTS } from '../fixture/seededRows';
import { onBothFrameworks } from './exampleServer';

/**
 * Instants whose text takes each way through the reader of DATE columns (on PostgreSQL, read as text
 * by the toolkit's SELECTs): whole seconds, fractions of one to three digits, a leap day, the years
 * 0100-0999 and 9999, and the years 0001-0099 (the driver's parser, not the fast path).
 */
const INSTANTS = [
  '2024-05-01T10:20:30.000Z',
  '2024-05-01T10:20:30.100Z',
  '2024-05-01T10:20:30.029Z',
  '2024-02-29T23:59:59.999Z',
  '1970-01-01T00:00:00.001Z',
  '0100-01-01T00:00:00.000Z',
  '0999-12-31T12:00:00.500Z',
  '9999-12-31T23:59:59.999Z',
  '0050-06-15T08:30:00.000Z',
];

onBothFrameworks('DATE values the toolkit reads itself', (app) => {
  afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

  it('are the instants findAll() reads, as rows and as instances, on the page, by keys and in a response', async () => {
    const created = await app().post('/v1/books', { title: 'Calendar of Instants', author_id: 7, publisher_id: 1 });
    const id = created.body.id as number;
    for (const iso of INSTANTS) {
      await Book.update({ publishedAt: new Date(iso) }, { where: { id }, hooks: false, silent: true });
      const expected = (await Book.findByPk(id))!.publishedAt!.getTime();
      expect(new Date(expected).toISOString(), 'findAll() itself').to.equal(iso);
      for (const as of ['rows', 'instances'] as const) {
        const [page] = (await readRows(Book, { where: { id } }, as))!;
        const [byKey] = await findByKeys(Book, 'id', [id], null, undefined, as);
        expect(page.publishedAt).to.be.instanceOf(Date);
        expect([page.publishedAt!.getTime(), byKey.publishedAt!.getTime()], `${iso} as ${as}`).to.deep.equal([expected, expected]);
      }
      // An include is read by the toolkit's batched statement.
      const author = await app().get('/v1/authors/7?include=books:limit(100)');
      const book = (author.body.books.data as Array<{ id: number; published_at: string }>).find((b) => b.id === id)!;
      expect(book.published_at, iso).to.equal(iso);
    }
  });
});
