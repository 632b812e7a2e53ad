import { DataTypes, QueryTypes } from 'sequelize';
import type { StepContext } from './inTransaction';

/**
 * Until this migration both umzug ledgers shared one model, so the seeder's run was recorded in
 * `migrations`. Move that record to the seeder's own `seeders` table, so that a database seeded
 * before is not seeded again (its explicit ids would collide).
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  const sequelize = queryInterface.sequelize;
  const seeded = await sequelize.query<{ name: string }>('SELECT name FROM migrations WHERE name = ?', {
    replacements: ['001-books'],
    type: QueryTypes.SELECT,
    transaction,
  });
  if (seeded.length === 0) return;
  const tables = (await queryInterface.showAllTables({ transaction })).map(String);
  if (!tables.includes('seeders')) {
    await queryInterface.createTable('seeders', { name: { type: DataTypes.STRING, allowNull: false, unique: true, primaryKey: true } }, { transaction });
  }
  await queryInterface.bulkInsert('seeders', [{ name: '001-books' }], { transaction });
  await queryInterface.bulkDelete('migrations', { name: '001-books' }, { transaction });
}

export async function down(): Promise<void> {
  // The shared ledger is not worth restoring.
}
