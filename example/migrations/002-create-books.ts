import { DataTypes, QueryInterface } from 'sequelize';
import { timestamps } from './001-create-authors-and-publishers';

export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.createTable('books', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    title: { type: DataTypes.STRING, allowNull: false },
    description: { type: DataTypes.TEXT, allowNull: true },
    published_at: { type: DataTypes.DATE, allowNull: true },
    out_of_print: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    author_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'authors', key: 'id' }, onDelete: 'CASCADE' },
    publisher_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'publishers', key: 'id' }, onDelete: 'CASCADE' },
    ...timestamps,
  });
  await queryInterface.addIndex('books', ['author_id']);
  await queryInterface.addIndex('books', ['publisher_id']);
  await queryInterface.addIndex('books', ['created_at']);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('books');
}
