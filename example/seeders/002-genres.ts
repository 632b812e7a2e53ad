import type { StepContext } from '../migrations/inTransaction';
import { advanceSequences, SEED_COUNTS } from './001-books';
import { random } from './random';

export const GENRES = ['Fiction', 'Mystery', 'Science', 'History', 'Poetry', 'Fantasy', 'Biography', 'Travel'];
/** Each seeded book has 1 to this many genres, the first of them its primary one. */
export const MAX_GENRES_PER_BOOK = 3;
const BASE = Date.UTC(2024, 0, 1);

/**
 * 8 genres, and 1 to 3 of them for each seeded book still there, the first marked primary; a seed of
 * its own, so that a database seeded before genres existed gets them on its next start.
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  // A database whose seed ledger was lost (or rebuilt) keeps the genres it has.
  const [existing] = await queryInterface.sequelize.query('SELECT id FROM genres WHERE id = 1', { transaction });
  if (existing.length > 0) return;
  const next = random(20240202);
  const at = new Date(BASE);
  await queryInterface.bulkInsert(
    'genres',
    GENRES.map((name, i) => ({ id: i + 1, name, created_at: at, updated_at: at })),
    { transaction },
  );
  const [rows] = await queryInterface.sequelize.query('SELECT id FROM books WHERE id <= ? ORDER BY id', { replacements: [SEED_COUNTS.books], transaction });
  const links: Array<{ book_id: number; genre_id: number; primary: boolean }> = [];
  for (const { id } of rows as Array<{ id: number }>) {
    const count = 1 + Math.floor(next() * MAX_GENRES_PER_BOOK);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(1 + Math.floor(next() * GENRES.length));
    [...chosen].forEach((genre, i) => links.push({ book_id: id, genre_id: genre, primary: i === 0 }));
  }
  if (links.length > 0) await queryInterface.bulkInsert('book_genres', links, { transaction });
  await advanceSequences(queryInterface, ['genres'], transaction);
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  for (const table of ['book_genres', 'genres']) await queryInterface.bulkDelete(table, {}, { transaction });
}
