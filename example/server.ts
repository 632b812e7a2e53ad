import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { format } from 'node:util';
import pino from 'pino';
import { createExampleApp } from './app';
import { describeDatabase, ExampleSettings, readSettings } from './config';
import type { Sequelize } from 'sequelize-typescript';
import { createDatabase, prepareDatabase } from './database';
import { DEVELOPMENT_KEY } from './auth';
import { tokenLines } from './tokens';

/** How long a stopping process lets open requests finish before it exits anyway. */
const DRAIN_MS = 5000;

/**
 * npm start: migrate and seed the database on first start (under a lock, so that many processes may
 * start at once), then serve the books API: in this process, or with WEB_CONCURRENCY=n in n
 * workers of node:cluster, a worker that dies being replaced. SIGTERM or SIGINT drains and stops all.
 */
async function main(): Promise<void> {
  const settings = readSettings();
  const sequelize = createDatabase({ ...settings.database, logging: settings.logging, poolMax: settings.poolMax, poolAcquireMs: settings.poolAcquireMs });
  if (cluster.isWorker) return serve(settings, sequelize);
  const { migrated, seeded } = await prepareDatabase(sequelize);
  if (migrated.length > 0) console.log(`Migrated ${describeDatabase(settings.database)}: ${migrated.join(', ')}`);
  if (seeded.length > 0) console.log('Seeded 10 authors, 5 publishers, 100 books and their comments, 4 drafts and 4 users');
  if (settings.jwtSecret === DEVELOPMENT_KEY) {
    console.log('Tokens of the seeded users, signed with the public development key (set JWT_SECRET in production):');
    for (const line of await tokenLines(settings.jwtSecret)) console.log(`  ${line}`);
  }
  if (settings.workers === 1) return serve(settings, sequelize);
  // The supervisor serves nothing: its connection is of no use to it.
  await sequelize.close();
  supervise(settings);
}

/** The primary of cluster mode: forks the workers, replaces one that dies, stops them all on a signal. */
function supervise(settings: ExampleSettings): void {
  let stopping = false;
  // One key for the cursor tokens of every worker: a token one gave out is read by any other.
  const env = { API_CURSOR_SECRET: process.env.API_CURSOR_SECRET || randomBytes(32).toString('base64url') };
  for (let i = 0; i < settings.workers; i++) cluster.fork(env);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.log(`Worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    cluster.fork(env);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    console.log(`${signal}: stopping ${settings.workers} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), DRAIN_MS + 1000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** One process serving the API (alone, or as a worker of the cluster). */
async function serve(settings: ExampleSettings, sequelize: Sequelize): Promise<void> {
  await sequelize.authenticate();
  const logger = pino({ level: settings.logLevel });
  // Sequelize warns in plain text (a COMMIT or ROLLBACK that failed on a dead connection): every line of the log is JSON.
  console.warn = (...args: unknown[]) => logger.warn(format(...args));
  const server = http.createServer(
    createExampleApp(settings.framework, { api: { serializer: settings.serializer }, sequelize, logger, jwtSecret: settings.jwtSecret }).listener,
  );
  server.listen(settings.port, () => {
    const { port } = server.address() as { port: number };
    const who = cluster.isWorker ? `worker ${process.pid}` : settings.framework;
    console.log(`Books API (${who}) listening on http://localhost:${port}/v1/books`);
  });
  const shutdown = (signal: string) => {
    console.log(`${signal}: closing`);
    server.close(() => void sequelize.close().then(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), DRAIN_MS).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
