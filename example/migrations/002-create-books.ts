import { DataTypes } from 'sequelize';
import type { StepContext } from './inTransaction';
import { timestamps } from './001-create-authors-and-publishers';

export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.createTable(
    'books',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      title: { type: DataTypes.STRING, allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: true },
      published_at: { type: DataTypes.DATE, allowNull: true },
      out_of_print: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      author_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'authors', key: 'id' }, onDelete: 'CASCADE' },
      publisher_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'publishers', key: 'id' }, onDelete: 'CASCADE' },
      ...timestamps,
    },
    { transaction },
  );
  await queryInterface.addIndex('books', ['author_id'], { transaction });
  await queryInterface.addIndex('books', ['publisher_id'], { transaction });
  await queryInterface.addIndex('books', ['created_at'], { transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.dropTable('books', { transaction });
}
