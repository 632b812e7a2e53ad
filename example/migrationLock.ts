import type { Sequelize } from 'sequelize-typescript';
import { closeSqlite, execOn, openSqlite } from './sqliteConnections';

/** The key of the example's PostgreSQL advisory lock (any 64-bit number the app does not use elsewhere). */
export const MIGRATION_LOCK_KEY = 7_202_611;

/** How long a process waits for another one's migrations before it gives up. */
const SQLITE_LOCK_WAIT = 60_000;
const POSTGRES_LOCK_WAIT = 120_000;

/**
 * Runs `work` (migrations and seeding) while holding a lock that other processes starting at the
 * same moment wait for: a PostgreSQL advisory lock on a connection of its own, or on SQLite an
 * exclusive transaction on a lock file beside the database. Both are released by the database if
 * the process dies, so a crash never leaves the lock held.
 */
export async function withMigrationLock<T>(sequelize: Sequelize, work: () => Promise<T>): Promise<T> {
  switch (sequelize.getDialect()) {
    case 'postgres':
      return withAdvisoryLock(sequelize, work);
    case 'sqlite':
      return withLockFile(sequelize.options.storage ?? ':memory:', work);
    default:
      return work();
  }
}

interface PgClient {
  query(sql: string, values?: unknown[]): Promise<unknown>;
}

async function withAdvisoryLock<T>(sequelize: Sequelize, work: () => Promise<T>): Promise<T> {
  // A connection of its own, held for the whole work: the migrations run on the pool's others.
  const manager = sequelize.connectionManager as unknown as { getConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };
  const connection = await manager.getConnection();
  try {
    // The app's lock_timeout (1 s) and statement_timeout bound a client's statements, not this wait:
    // another process's migrations take longer than that on a small machine.
    await connection.query(`SET lock_timeout = ${POSTGRES_LOCK_WAIT}; SET statement_timeout = ${POSTGRES_LOCK_WAIT}`);
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await connection.query('RESET lock_timeout; RESET statement_timeout').catch(() => undefined);
    await manager.releaseConnection(connection);
  }
}

async function withLockFile<T>(storage: string, work: () => Promise<T>): Promise<T> {
  if (storage === ':memory:' || storage === '') return work();
  const lock = await openSqlite(`${storage}.migrate-lock`);
  try {
    lock.configure('busyTimeout', SQLITE_LOCK_WAIT);
    await execOn(lock, 'BEGIN EXCLUSIVE');
    try {
      return await work();
    } finally {
      await execOn(lock, 'ROLLBACK');
    }
  } finally {
    await closeSqlite(lock);
  }
}
