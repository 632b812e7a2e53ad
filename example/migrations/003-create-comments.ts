import { DataTypes } from 'sequelize';
import type { StepContext } from './inTransaction';
import { timestamps } from './001-create-authors-and-publishers';

export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.createTable(
    'comments',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      book_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'books', key: 'id' }, onDelete: 'CASCADE' },
      body: { type: DataTypes.TEXT, allowNull: false },
      ...timestamps,
    },
    { transaction },
  );
  await queryInterface.addIndex('comments', ['book_id', 'created_at'], { transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.dropTable('comments', { transaction });
}
