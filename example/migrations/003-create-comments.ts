import { DataTypes, QueryInterface } from 'sequelize';
import { timestamps } from './001-create-authors-and-publishers';

export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.createTable('comments', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    book_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'books', key: 'id' }, onDelete: 'CASCADE' },
    body: { type: DataTypes.TEXT, allowNull: false },
    ...timestamps,
  });
  await queryInterface.addIndex('comments', ['book_id', 'created_at']);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('comments');
}
