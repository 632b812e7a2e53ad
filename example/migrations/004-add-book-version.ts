import { DataTypes } from 'sequelize';
import type { StepContext } from './inTransaction';

/** A row version for atomic conditional writes: every write sets it one higher. */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.addColumn('books', 'version', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 }, { transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.removeColumn('books', 'version', { transaction });
}
