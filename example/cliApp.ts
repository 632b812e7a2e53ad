import { createExampleApp } from './app';
import { readSettings } from './config';
import { createDatabase, prepareDatabase } from './database';

/**
 * The app module of `rc-api api:call` (package.json `rcApi.app`): the books API on its database
 * (DATABASE_URL or DB_STORAGE, migrated and seeded when new), with no server listening.
 */
export default async function createApp() {
  const settings = readSettings();
  const sequelize = createDatabase({ ...settings.database, logging: settings.logging, poolMax: settings.poolMax, poolAcquireMs: settings.poolAcquireMs });
  await prepareDatabase(sequelize);
  return createExampleApp(settings.framework, { api: { serializer: settings.serializer }, sequelize, jwtSecret: settings.jwtSecret }).app;
}
