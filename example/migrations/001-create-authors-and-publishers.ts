import { DataTypes } from 'sequelize';
import type { StepContext } from './inTransaction';

export const timestamps = {
  created_at: { type: DataTypes.DATE, allowNull: false },
  updated_at: { type: DataTypes.DATE, allowNull: false },
};

export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.createTable(
    'authors',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING, allowNull: false },
      email: { type: DataTypes.STRING, allowNull: false, unique: true },
      ...timestamps,
    },
    { transaction },
  );
  await queryInterface.createTable(
    'publishers',
    {
      id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
      name: { type: DataTypes.STRING, allowNull: false },
      ...timestamps,
    },
    { transaction },
  );
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.dropTable('publishers', { transaction });
  await queryInterface.dropTable('authors', { transaction });
}
