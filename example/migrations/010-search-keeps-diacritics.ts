import type { StepContext } from './inTransaction';

/** The FTS5 table of 008, with the tokenizer given: `remove_diacritics 0`. */
const recreate = (tokenizer: string) => [
  'DROP TRIGGER books_fts_insert',
  'DROP TRIGGER books_fts_delete',
  'DROP TRIGGER books_fts_update',
  'DROP TABLE books_fts',
  `CREATE VIRTUAL TABLE books_fts USING fts5(title, description, content='books', content_rowid='id', tokenize='${tokenizer}')`,
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
 * One meaning of `filter[q]` on both databases: SQLite's FTS5 folded diacritics (`ecole` found
 * "École") where PostgreSQL's 'simple' configuration does not. Neither folds them now; both still
 * ignore case.
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  if (queryInterface.sequelize.getDialect() !== 'sqlite') return;
  for (const sql of recreate('unicode61 remove_diacritics 0')) await queryInterface.sequelize.query(sql, { transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  if (queryInterface.sequelize.getDialect() !== 'sqlite') return;
  for (const sql of recreate('unicode61')) await queryInterface.sequelize.query(sql, { transaction });
}
