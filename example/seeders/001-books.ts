import type { QueryInterface, Transaction } from 'sequelize';
import type { StepContext } from '../migrations/inTransaction';
import { random } from './random';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'John'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Allen', 'Backus'];
const PUBLISHERS = ['Analytical Press', 'Difference Books', 'Lambda House', 'Turing & Sons', 'Stack Editions'];
const ADJECTIVES = ['Silent', 'Recursive', 'Lazy', 'Infinite', 'Concurrent', 'Hidden', 'Pure', 'Mutable', 'Elegant', 'Distant'];
const NOUNS = ['Compiler', 'Garden', 'Machine', 'Proof', 'River', 'Lattice', 'Kernel', 'Library', 'Signal', 'Harbour'];
const REMARKS = ['A classic.', 'Could not put it down.', 'Too long by half.', 'The second part drags.', 'Brilliant ending.', 'Read it twice.'];

export const SEED_COUNTS = { authors: 10, publishers: 5, books: 100, maxCommentsPerBook: 10 };
const BASE = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

/**
 * 10 authors, 5 publishers, 100 books (book n created n hours after the base date), 0 to 10 comments
 * a book, in the transaction that also records the seed in its ledger (see `inTransactions`): a
 * process killed while seeding leaves nothing, and the next start seeds again.
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await insertSeed(queryInterface, transaction);
}

async function insertSeed(queryInterface: QueryInterface, transaction: Transaction): Promise<void> {
  const next = random(20240101);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const at = (offset: number) => new Date(BASE + offset);
  const authors = FIRST.map((first, i) => ({
    id: i + 1,
    name: `${first} ${LAST[i]}`,
    email: `${first.toLowerCase()}@example.test`,
    created_at: at(i * 60_000),
    updated_at: at(i * 60_000),
  }));
  const publishers = PUBLISHERS.map((name, i) => ({ id: i + 1, name, created_at: at(i * 60_000), updated_at: at(i * 60_000) }));
  const books = [];
  const comments = [];
  for (let n = 1; n <= SEED_COUNTS.books; n++) {
    const created = at(n * HOUR);
    books.push({
      id: n,
      title: `The ${pick(ADJECTIVES)} ${pick(NOUNS)} ${n}`,
      description: `Book ${n} of the example library.`,
      published_at: at(n * 24 * HOUR - 400 * 24 * HOUR),
      out_of_print: next() < 0.2,
      author_id: 1 + Math.floor(next() * SEED_COUNTS.authors),
      publisher_id: 1 + Math.floor(next() * SEED_COUNTS.publishers),
      created_at: created,
      updated_at: created,
    });
    const count = Math.floor(next() * (SEED_COUNTS.maxCommentsPerBook + 1));
    for (let c = 1; c <= count; c++) {
      const when = at(n * HOUR + c * 60_000);
      comments.push({ book_id: n, body: `${pick(REMARKS)} (${n}.${c})`, created_at: when, updated_at: when });
    }
  }
  await queryInterface.bulkInsert('authors', authors, { transaction });
  await queryInterface.bulkInsert('publishers', publishers, { transaction });
  await queryInterface.bulkInsert('books', books, { transaction });
  await queryInterface.bulkInsert('comments', comments, { transaction });
  await advanceSequences(queryInterface, ['authors', 'publishers', 'books'], transaction);
}

/**
 * Rows inserted with explicit ids leave PostgreSQL's id sequences at 1, so the next insert of the
 * app would collide (409). SQLite and MySQL move their counters past explicit ids by themselves.
 */
export async function advanceSequences(queryInterface: QueryInterface, tables: string[], transaction: Transaction): Promise<void> {
  if (queryInterface.sequelize.getDialect() !== 'postgres') return;
  for (const table of tables) {
    await queryInterface.sequelize.query(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT MAX(id) FROM ${queryInterface.quoteIdentifier(table)}))`, {
      replacements: [table],
      transaction,
    });
  }
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  for (const table of ['comments', 'books', 'publishers', 'authors']) await queryInterface.bulkDelete(table, {}, { transaction });
}
