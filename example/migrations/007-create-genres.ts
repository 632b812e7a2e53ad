import { DataTypes } from 'sequelize';
import { timestamps } from './001-create-authors-and-publishers';
import type { StepContext } from './inTransaction';

/**
 * Genres, and the join table of books and genres (belongs-to-many both ways). The primary key
 * `(book_id, genre_id)` serves a book's genres; `(genre_id, book_id)` a genre's books.
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.createTable(
    'genres',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING, allowNull: false, unique: true },
      ...timestamps,
    },
    { transaction },
  );
  await queryInterface.createTable(
    'book_genres',
    {
      book_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'books', key: 'id' }, onDelete: 'CASCADE' },
      genre_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'genres', key: 'id' }, onDelete: 'CASCADE' },
      primary: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    { transaction },
  );
  await queryInterface.addIndex('book_genres', ['genre_id', 'book_id'], { name: 'book_genres_genre_book', transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.dropTable('book_genres', { transaction });
  await queryInterface.dropTable('genres', { transaction });
}
