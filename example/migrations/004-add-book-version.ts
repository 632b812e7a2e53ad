import { DataTypes, QueryInterface } from 'sequelize';

/** A row version for atomic conditional writes: every write sets it one higher. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.addColumn('books', 'version', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.removeColumn('books', 'version');
}
