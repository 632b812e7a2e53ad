import { Sequelize } from 'sequelize-typescript';
import type sqlite3 from 'sqlite3';
import { SequelizeStorage, Umzug } from 'umzug';
import { migrations } from './migrations';
import { models } from './models';
import * as books from './seeders/001-books';

export interface DatabaseOptions {
  /** The SQLite file (created when missing), or ':memory:'. */
  storage: string;
  /** true prints every SQL statement on its own line; a function receives each one. */
  logging?: boolean | ((sql: string) => void);
  /** Milliseconds a statement waits for another connection's lock before SQLITE_BUSY (answered 503). */
  busyTimeout?: number;
}

/** Long enough for a writer's transaction to end; short enough that a stuck lock answers 503 within seconds. */
export const SQLITE_BUSY_TIMEOUT = 1000;

/**
 * The example's Sequelize connection with its four models registered. A locked database costs
 * each statement at most `busyTimeout` (SQLite waits itself), and no retry multiplies it:
 * Sequelize's own five retries with back-off held a request 10-20 s, and a column-type lookup that
 * failed on the lock silently left dates as text (a 500 from the transformer).
 */
export function createDatabase({ storage, logging = false, busyTimeout = SQLITE_BUSY_TIMEOUT }: DatabaseOptions): Sequelize {
  const log = logging === true ? (sql: string) => console.log(sql.replace(/\s*\n\s*/g, ' ')) : logging || false;
  const sequelize = new Sequelize({ dialect: 'sqlite', storage, logging: log, models, retry: { max: 1 } });
  sequelize.addHook('afterConnect', (connection) => (connection as sqlite3.Database).configure('busyTimeout', busyTimeout));
  return sequelize;
}

/**
 * Runs pending migrations, then the seeder once: a new file is migrated and seeded, an existing
 * one keeps its data. Both ledgers live in the database itself (umzug's SequelizeStorage).
 */
export async function prepareDatabase(sequelize: Sequelize): Promise<{ migrated: string[]; seeded: string[] }> {
  const context = sequelize.getQueryInterface();
  const migrator = new Umzug({ migrations, context, storage: new SequelizeStorage({ sequelize, tableName: 'migrations' }), logger: undefined });
  const seeder = new Umzug({
    migrations: [{ name: '001-books', ...books }],
    context,
    storage: new SequelizeStorage({ sequelize, tableName: 'seeders' }),
    logger: undefined,
  });
  const migrated = await migrator.up();
  const seeded = await seeder.up();
  return { migrated: migrated.map((m) => m.name), seeded: seeded.map((s) => s.name) };
}
