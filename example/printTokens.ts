import { readSettings } from './config';
import { createDatabase, prepareDatabase } from './database';
import { tokenLines } from './tokens';

/**
 * `npm run tokens`: a bearer token for each seeded user (reader, editors, admin) of the example's
 * database (migrated and seeded when new), signed with JWT_SECRET or the development key.
 */
async function main(): Promise<void> {
  const settings = readSettings();
  const sequelize = createDatabase({ ...settings.database, logging: settings.logging });
  try {
    await prepareDatabase(sequelize);
    for (const line of await tokenLines(settings.jwtSecret)) console.log(line);
  } finally {
    await sequelize.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
