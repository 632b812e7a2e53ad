import fs from 'node:fs';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { createDatabase, prepareDatabase } from '../example/database';

/** Where the big database is kept between runs (git-ignored). */
const CACHE = path.resolve(__dirname, '..', '..', '.bench-cache');
export const BIG_BOOKS = 100_000;
const COMMENTS_PER_BOOK = 10;
/** The example's genres; each big book has one or two of them. */
const GENRES = 8;
const BATCH = 500;
const BASE = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

/** SQLite's text form of a date, as Sequelize writes it. */
const sqliteDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', ' +00:00');

/**
 * The example database at production size: the seeded example, then books up to 100,000 (spread over
 * its 10 authors and 5 publishers) with one or two of its 8 genres and 10 comments each (1,000,000
 * in all), with the example's
 * indexes, analysed. Built once (a minute or so) and reused from `.bench-cache/`.
 */
export async function bigDatabase(log: (line: string) => void = () => undefined): Promise<string> {
  // v2: with genres (two a book) since belongs-to-many includes are measured.
  const file = path.join(CACHE, `big-${BIG_BOOKS}-v2.sqlite`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE, { recursive: true });
  const building = `${file}.building`;
  fs.rmSync(building, { force: true });
  const sequelize = createDatabase({ storage: building });
  try {
    await prepareDatabase(sequelize);
    log(`bench: building ${path.relative(process.cwd(), file)}: ${BIG_BOOKS} books, ${BIG_BOOKS * COMMENTS_PER_BOOK} comments (once)`);
    await sequelize.query('PRAGMA journal_mode = OFF');
    await sequelize.query('PRAGMA synchronous = OFF');
    const [{ next }] = await sequelize.query<{ next: number }>('SELECT MAX(id) + 1 AS next FROM books', { type: QueryTypes.SELECT });
    await sequelize.transaction(async (transaction) => {
      for (let start = next; start <= BIG_BOOKS; start += BATCH) {
        const books: string[] = [];
        const comments: string[] = [];
        const genres: string[] = [];
        for (let id = start; id < Math.min(start + BATCH, BIG_BOOKS + 1); id++) {
          const created = BASE + id * HOUR;
          books.push(
            `(${id}, 'Book ${id}', 'Book ${id} of the big library.', '${sqliteDate(created - 400 * 24 * HOUR)}', ${id % 7 === 0 ? 1 : 0}, ` +
              `${(id % 10) + 1}, ${(id % 5) + 1}, '${sqliteDate(created)}', '${sqliteDate(created)}', 0)`,
          );
          const [primary, other] = [(id % GENRES) + 1, ((id * 3) % GENRES) + 1];
          genres.push(`(${id}, ${primary}, 1)`);
          if (other !== primary) genres.push(`(${id}, ${other}, 0)`);
          for (let c = 1; c <= COMMENTS_PER_BOOK; c++)
            comments.push(`(${id}, 'Comment ${c} on ${id}.', '${sqliteDate(created + c * 60_000)}', '${sqliteDate(created)}')`);
        }
        await sequelize.query(
          `INSERT INTO books (id, title, description, published_at, out_of_print, author_id, publisher_id, created_at, updated_at, version) VALUES ${books.join(', ')}`,
          { transaction },
        );
        await sequelize.query(`INSERT INTO book_genres (book_id, genre_id, "primary") VALUES ${genres.join(', ')}`, { transaction });
        for (let i = 0; i < comments.length; i += BATCH) {
          await sequelize.query(`INSERT INTO comments (book_id, body, created_at, updated_at) VALUES ${comments.slice(i, i + BATCH).join(', ')}`, {
            transaction,
          });
        }
      }
    });
    await sequelize.query('ANALYZE');
  } finally {
    await sequelize.close();
  }
  fs.renameSync(building, file);
  return file;
}
