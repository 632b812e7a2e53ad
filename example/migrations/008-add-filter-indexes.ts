import type { StepContext } from './inTransaction';

/** SQLite's full-text index of books, kept in step with the table by triggers (FTS5 external content). */
const SQLITE_SEARCH = [
  `CREATE VIRTUAL TABLE books_fts USING fts5(title, description, content='books', content_rowid='id')`,
  `CREATE TRIGGER books_fts_insert AFTER INSERT ON books BEGIN
     INSERT INTO books_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
   END`,
  `CREATE TRIGGER books_fts_delete AFTER DELETE ON books BEGIN
     INSERT INTO books_fts(books_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
   END`,
  `CREATE TRIGGER books_fts_update AFTER UPDATE OF title, description ON books BEGIN
     INSERT INTO books_fts(books_fts, rowid, title, description) VALUES ('delete', old.id, old.title, old.description);
     INSERT INTO books_fts(rowid, title, description) VALUES (new.id, new.title, new.description);
   END`,
  `INSERT INTO books_fts(books_fts) VALUES ('rebuild')`,
];

/**
 * What the books list's filters read: authors and publishers by name (the relation filters
 * `author.name`, `publisher.name` find their ids there, then the books through the foreign key
 * indexes), and the full-text search `filter[q]`: on PostgreSQL a GIN index of the very expression
 * the search compares, on SQLite an FTS5 table.
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.addIndex('authors', ['name'], { name: 'authors_name', transaction });
  await queryInterface.addIndex('publishers', ['name'], { name: 'publishers_name', transaction });
  const dialect = queryInterface.sequelize.getDialect();
  if (dialect === 'sqlite') {
    for (const sql of SQLITE_SEARCH) await queryInterface.sequelize.query(sql, { transaction });
  } else if (dialect === 'postgres') {
    await queryInterface.sequelize.query(
      `CREATE INDEX books_search ON books USING GIN (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(description, '')))`,
      { transaction },
    );
  }
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  const dialect = queryInterface.sequelize.getDialect();
  if (dialect === 'sqlite') {
    for (const name of ['books_fts_insert', 'books_fts_delete', 'books_fts_update'])
      await queryInterface.sequelize.query(`DROP TRIGGER ${name}`, { transaction });
    await queryInterface.sequelize.query('DROP TABLE books_fts', { transaction });
  } else if (dialect === 'postgres') {
    await queryInterface.sequelize.query('DROP INDEX books_search', { transaction });
  }
  await queryInterface.removeIndex('publishers', 'publishers_name', { transaction });
  await queryInterface.removeIndex('authors', 'authors_name', { transaction });
}
