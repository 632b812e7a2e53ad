import http from 'node:http';
import { createExampleApp } from './app';
import { readSettings } from './config';
import { createDatabase, prepareDatabase } from './database';

/** npm start: migrate and seed the SQLite file on first start, then serve the books API. */
async function main(): Promise<void> {
  const settings = readSettings();
  const sequelize = createDatabase({ storage: settings.storage, logging: settings.logging });
  const { migrated, seeded } = await prepareDatabase(sequelize);
  if (migrated.length > 0) console.log(`Migrated ${settings.storage}: ${migrated.join(', ')}`);
  if (seeded.length > 0) console.log('Seeded 10 authors, 5 publishers, 100 books and their comments');
  const server = http.createServer(createExampleApp(settings.framework).listener);
  server.listen(settings.port, () => {
    const { port } = server.address() as { port: number };
    console.log(`Books API (${settings.framework}) listening on http://localhost:${port}/v1/books`);
  });
  const shutdown = (signal: string) => {
    console.log(`${signal}: closing`);
    server.close(() => void sequelize.close().then(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 5000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
