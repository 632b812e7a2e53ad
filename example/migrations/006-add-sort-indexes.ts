import type { StepContext } from './inTransaction';

/**
 * Indexes in the order the API reads: an include of an author's or a publisher's books walks
 * `(foreign key, created_at, id)` and stops after its limit (comments have `(book_id, created_at)`
 * since 003). They replace the single-column foreign key indexes of 002, their prefixes. Comments
 * get `(created_at, id)` for `GET /v1/comments`, paged by cursor.
 */
const INDEXES: Array<[table: string, fields: string[], name: string, replaces: string]> = [
  ['books', ['author_id', 'created_at', 'id'], 'books_author_created', 'author_id'],
  ['books', ['publisher_id', 'created_at', 'id'], 'books_publisher_created', 'publisher_id'],
];

export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  for (const [table, fields, name, replaces] of INDEXES) {
    await queryInterface.addIndex(table, fields, { name, transaction });
    await queryInterface.removeIndex(table, [replaces], { transaction });
  }
  // GET /v1/comments pages by cursor, newest first: a range scan from the position, at any depth.
  await queryInterface.addIndex('comments', ['created_at', 'id'], { name: 'comments_created', transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.removeIndex('comments', 'comments_created', { transaction });
  for (const [table, , name, replaces] of INDEXES) {
    await queryInterface.addIndex(table, [replaces], { transaction });
    await queryInterface.removeIndex(table, name, { transaction });
  }
}
