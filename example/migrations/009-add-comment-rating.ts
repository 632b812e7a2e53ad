import { DataTypes } from 'sequelize';
import type { StepContext } from './inTransaction';

/** A comment's rating, 1 to 5 (null: none given); what `include=comments:avg(rating)` averages. */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.addColumn('comments', 'rating', { type: DataTypes.INTEGER, allowNull: true }, { transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.removeColumn('comments', 'rating', { transaction });
}
