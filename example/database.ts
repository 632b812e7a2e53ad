import { Sequelize } from 'sequelize-typescript';
import { Umzug } from 'umzug';
import { survivePostgresConnectionErrors } from '../src';
import { POOL_ACQUIRE_MS } from './config';
import { withMigrationLock } from './migrationLock';
import { migrations } from './migrations';
import { inTransactions, TransactionalLedger } from './migrations/inTransaction';
import { models as exampleModels } from './models';
import { boundedBusyWaits, execOn, onEachSqliteConnection } from './sqliteConnections';
import * as books from './seeders/001-books';
import * as genres from './seeders/002-genres';
import * as ratings from './seeders/003-ratings';
import * as callers from './seeders/004-callers';

export interface DatabaseOptions {
  /** A database URL (`postgres://`, `postgresql://`, `mysql://`, `mariadb://`, `sqlite:<path>`); wins over `storage`. */
  url?: string;
  /** The SQLite file (created when missing), or ':memory:'. */
  storage?: string;
  /** true prints every SQL statement on its own line; a function receives each one. */
  logging?: boolean | ((sql: string) => void);
  /** SQLite: milliseconds a statement waits for another connection's lock before SQLITE_BUSY (answered 503). */
  busyTimeout?: number;
  /** A database server: connections this process may open. */
  poolMax?: number;
  /**
   * A database server: milliseconds a request waits for a free connection before it fails (answered
   * 503 with Retry-After). Without it a pool held by locked statements queued requests for 40 s.
   */
  poolAcquireMs?: number;
  /**
   * SQLite: the page cache of the connection in KiB (`PRAGMA cache_size`). SQLite's own 2 MiB no
   * longer holds the index a page count walks once a table has 100,000 rows: each count then reads
   * the index from the file again (1 ms instead of 0.13 ms on 100,000 books).
   */
  cacheKiB?: number;
  /**
   * Binds the example's model classes to this connection (default). A model class belongs to one
   * connection at a time: a second database opened to read raw (a test's, a script's) passes false
   * and leaves the classes with the first.
   */
  bindModels?: boolean;
}

/** Enough for the indexes of a few million rows; memory is taken only as pages are read. */
export const SQLITE_CACHE_KIB = 65_536;

/** Long enough for a writer's transaction to end; short enough that a stuck lock answers 503 within seconds. */
export const SQLITE_BUSY_TIMEOUT = 1000;

/**
 * PostgreSQL: how long a statement waits for a lock, and runs at most, before it fails (answered
 * 503); and on the client's side, how long a statement is waited for (a server gone without a word
 * never answers) and a connection is opened.
 */
const POSTGRES_TIMEOUTS = { lock_timeout: 1000, statement_timeout: 15_000, query_timeout: 17_000, connectionTimeoutMillis: 5000 };

/** `sqlite:/path/file.sqlite`, `sqlite:relative.sqlite`, `sqlite::memory:` as a storage path; undefined for other URLs. */
export function sqliteStorage(url: string): string | undefined {
  if (!/^sqlite:/i.test(url)) return undefined;
  const rest = url.slice('sqlite:'.length);
  return rest.startsWith('//') ? rest.slice(2) : rest;
}

/**
 * How the example talks to a database server: a pool of `poolMax` whose requests wait at most
 * `poolAcquireMs` for a connection, PostgreSQL's lock and statement timeouts, and no retries.
 */
export function serverOptions(url: string, poolMax: number, poolAcquireMs: number) {
  const dialectOptions = /^postgres(ql)?:/i.test(url) ? POSTGRES_TIMEOUTS : {};
  return { retry: { max: 1 }, pool: { max: poolMax, acquire: poolAcquireMs }, dialectOptions };
}

/**
 * The example's Sequelize connection with its four models registered: the database of `url` (a
 * server, with a pool of `poolMax`), else the SQLite file `storage`. A locked database costs each
 * statement a bounded wait (SQLite's busy timeout, PostgreSQL's lock_timeout) and no retry
 * multiplies it: Sequelize's own five retries with back-off held a request 10-20 s on SQLite, and a
 * column-type lookup that failed on the lock silently left dates as text (a 500 from the transformer).
 */
export function createDatabase({
  url,
  storage,
  logging = false,
  busyTimeout = SQLITE_BUSY_TIMEOUT,
  poolMax = 10,
  poolAcquireMs = POOL_ACQUIRE_MS,
  cacheKiB = SQLITE_CACHE_KIB,
  bindModels = true,
}: DatabaseOptions): Sequelize {
  const models = bindModels ? exampleModels : [];
  const log = logging === true ? (sql: string) => console.log(sql.replace(/\s*\n\s*/g, ' ')) : logging || false;
  const file = url === undefined ? storage : sqliteStorage(url);
  if (file === undefined && url !== undefined)
    return withHealthConnection(new Sequelize(url, { ...serverOptions(url, poolMax, poolAcquireMs), logging: log, models }), url);
  if (file === undefined) throw new Error('createDatabase() needs a url or a storage');
  const sequelize = new Sequelize({ dialect: 'sqlite', storage: file, logging: log, models, retry: { max: 1 } });
  // Shared by the connections of this database: a transaction's connection reads the same schema.
  const columnTypes = new Map<string, unknown[]>();
  onEachSqliteConnection(sequelize, (connection) => {
    boundedBusyWaits(connection, busyTimeout, columnTypes);
    return execOn(connection, `PRAGMA cache_size = -${Math.floor(cacheKiB)}`);
  });
  return sequelize;
}

/** The health check's own connection to each database server, beside the pool the requests share. */
const healthConnections = new WeakMap<Sequelize, Sequelize>();

/**
 * Gives `sequelize` a pool of one connection for the health check alone, closed with it: while
 * clients' transactions hold every connection of the main pool, /health still answers whether the
 * database is up instead of waiting in the queue and calling it down (a load balancer would pull an
 * instance that is only busy).
 */
function withHealthConnection(sequelize: Sequelize, url: string): Sequelize {
  const own = new Sequelize(url, { ...serverOptions(url, 1, POOL_ACQUIRE_MS), logging: false });
  survivePostgresConnectionErrors(own);
  healthConnections.set(sequelize, own);
  const close = sequelize.close.bind(sequelize);
  sequelize.close = async () => {
    await Promise.all([close(), own.close()]);
  };
  return sequelize;
}

/**
 * The connection /health probes `sequelize` through: a database server's own one (withHealthConnection),
 * SQLite's file itself (it has no pool to wait for).
 *
 * @example
 * await healthDatabase(Book.sequelize!).query('SELECT 1');
 */
export function healthDatabase(sequelize: Sequelize): Sequelize {
  return healthConnections.get(sequelize) ?? sequelize;
}

/**
 * Runs pending migrations, then the seeder once: a new database is migrated and seeded, an existing
 * one keeps its data. Each step commits with its ledger row (`inTransactions`). Each ledger is a table of its own in the database (umzug's SequelizeStorage:
 * `migrations` and `seeders`). Many processes may call it at once on a new database: one at a time
 * holds the migration lock (withMigrationLock), the others then find nothing left to do.
 */
export async function prepareDatabase(sequelize: Sequelize): Promise<{ migrated: string[]; seeded: string[] }> {
  const context = sequelize.getQueryInterface();
  const migrationLedger = new TransactionalLedger({ sequelize, modelName: 'RcaMigration', tableName: 'migrations' });
  const seedLedger = new TransactionalLedger({ sequelize, modelName: 'RcaSeed', tableName: 'seeders' });
  const migrator = new Umzug({ migrations: inTransactions(migrations, migrationLedger), context, storage: migrationLedger, logger: undefined });
  const seeder = new Umzug({
    migrations: inTransactions(
      [
        { name: '001-books', ...books },
        { name: '002-genres', ...genres },
        { name: '003-ratings', ...ratings },
        { name: '004-callers', ...callers },
      ],
      seedLedger,
    ),
    context,
    storage: seedLedger,
    logger: undefined,
  });
  return withMigrationLock(sequelize, async () => {
    const migrated = await migrator.up();
    const seeded = await seeder.up();
    return { migrated: migrated.map((m) => m.name), seeded: seeded.map((s) => s.name) };
  });
}
