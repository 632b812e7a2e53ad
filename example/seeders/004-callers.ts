import { QueryTypes } from 'sequelize';
import type { StepContext } from '../migrations/inTransaction';
import { advanceSequences } from './001-books';

const BASE = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

/** The example's users: the tokens `npm run tokens` prints are theirs. */
export const SEEDED_USERS = [
  { id: 1, name: 'Riley Reader', role: 'reader' },
  { id: 2, name: 'Eli Editor', role: 'editor' },
  { id: 3, name: 'Emma Editor', role: 'editor' },
  { id: 4, name: 'Alex Admin', role: 'admin' },
] as const;

/**
 * Four draft books (Eli edits the first two, Emma the others), beside the 100 books everyone sees;
 * their ids come after the books already there (101 to 104 in a new database).
 */
export const DRAFTS = [
  { title: 'Draft: The Unfinished Proof', editor_id: 2 },
  { title: 'Draft: A Garden of Kernels', editor_id: 2 },
  { title: 'Draft: Signals at Dusk', editor_id: 3 },
  { title: 'Draft: The Last Harbour', editor_id: 3 },
];

/** The published books that hold a comment a moderator flagged (only admins see it); the first draft holds one too, beside a reviewer's note. */
export const FLAGGED_ON = [2, 5, 9];

/**
 * Who may ask, in the data: users, a cost for every book, drafts and flagged comments. Nothing an
 * anonymous caller sees changes: the drafts, the flagged comments and the costs are all hidden from it.
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  const at = (offset: number) => new Date(BASE + offset);
  const now = at(0);
  await queryInterface.bulkInsert(
    'users',
    SEEDED_USERS.map((user) => ({ ...user, created_at: now, updated_at: now })),
    { transaction },
  );
  await queryInterface.sequelize.query('UPDATE books SET cost = 400 + (id * 173) % 2600', { transaction });
  const drafts = DRAFTS.map((draft, i) => ({
    ...draft,
    description: `A draft of the example library, edited by user ${draft.editor_id}.`,
    out_of_print: false,
    draft: true,
    cost: 900 + i * 150,
    author_id: 1 + i,
    publisher_id: 1 + i,
    created_at: at((1100 + i) * HOUR),
    updated_at: at((1100 + i) * HOUR),
  }));
  await queryInterface.bulkInsert('books', drafts, { transaction });
  const [firstDraft] = await queryInterface.sequelize.query<{ id: number }>('SELECT id FROM books WHERE title = :title', {
    replacements: { title: DRAFTS[0].title },
    type: QueryTypes.SELECT,
    transaction,
  });
  const comments = [...FLAGGED_ON, Number(firstDraft.id)].map((bookId, i) => {
    const when = at(bookId * HOUR + 59 * 60_000);
    return { book_id: bookId, body: `Spam: cheap watches, visit our shop (${i + 1}).`, rating: 5, flagged: true, created_at: when, updated_at: when };
  });
  // And a reviewer's note on the first draft, which its editor sees (a draft's comments go with it).
  const noted = at((1100 + 0.5) * HOUR);
  comments.push({
    book_id: Number(firstDraft.id),
    body: 'A reviewer: the ending needs work.',
    rating: 3,
    flagged: false,
    created_at: noted,
    updated_at: noted,
  });
  await queryInterface.bulkInsert('comments', comments, { transaction });
  await advanceSequences(queryInterface, ['users', 'books'], transaction);
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.bulkDelete('comments', { flagged: true }, { transaction });
  await queryInterface.bulkDelete('books', { draft: true }, { transaction });
  await queryInterface.sequelize.query('UPDATE books SET cost = NULL', { transaction });
  await queryInterface.bulkDelete('users', {}, { transaction });
}
