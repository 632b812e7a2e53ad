import type { StepContext } from '../migrations/inTransaction';

/**
 * Ratings for the seeded comments that have none: 1 to 5, from the comment's id, so that every
 * machine seeds the same; one comment in seven stays unrated.
 */
export async function up({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.sequelize.query('UPDATE comments SET rating = 1 + (id * 7) % 5 WHERE rating IS NULL AND id % 7 <> 0', { transaction });
}

export async function down({ context: { queryInterface, transaction } }: { context: StepContext }): Promise<void> {
  await queryInterface.sequelize.query('UPDATE comments SET rating = NULL', { transaction });
}
