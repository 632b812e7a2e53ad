import { createExampleApp } from './app';
import { readSettings } from './config';
import { createDatabase, prepareDatabase } from './database';

/**
 * The app module of `rc-api api:call` (package.json `rcApi.app`): the books API on its database
 * (DB_STORAGE, migrated and seeded when new), with no server listening.
 */
export default async function createApp() {
  const settings = readSettings();
  const sequelize = createDatabase({ storage: settings.storage, logging: settings.logging });
  await prepareDatabase(sequelize);
  return createExampleApp(settings.framework).app;
}
