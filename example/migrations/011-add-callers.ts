import { DataTypes } from 'sequelize';
import { timestamps } from './001-create-authors-and-publishers';
import type { StepContext } from './inTransaction';

/**
 * The example's callers and what only some of them see: users with a role (reader, editor, admin),
 * draft books and their editor, a book's internal cost, and comments a moderator flagged.
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.createTable(
    'users',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING, allowNull: false },
      role: { type: DataTypes.STRING, allowNull: false },
      ...timestamps,
    },
    { transaction },
  );
  await queryInterface.addColumn('books', 'draft', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false }, { transaction });
  await queryInterface.addColumn(
    'books',
    'editor_id',
    { type: DataTypes.INTEGER, allowNull: true, references: { model: 'users', key: 'id' } },
    { transaction },
  );
  await queryInterface.addColumn('books', 'cost', { type: DataTypes.INTEGER, allowNull: true }, { transaction });
  await queryInterface.addColumn('comments', 'flagged', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false }, { transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.removeColumn('comments', 'flagged', { transaction });
  for (const column of ['cost', 'editor_id', 'draft']) await queryInterface.removeColumn('books', column, { transaction });
  await queryInterface.dropTable('users', { transaction });
}
