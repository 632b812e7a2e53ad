import type { Sequelize } from 'sequelize-typescript';
import sqlite3 from 'sqlite3';

type ConnectionManager = { getConnection(options?: unknown): Promise<sqlite3.Database>; connections: Record<string, sqlite3.Database> };

/**
 * Runs `setup` once on every SQLite connection Sequelize opens (one per transaction), before its
 * first statement. Sequelize 6 never fires `afterConnect` on SQLite: its connection manager opens
 * the files itself (sequelize/sequelize#12487), so a hook there is silently skipped.
 *
 * @example
 * onEachSqliteConnection(sequelize, (db) => db.configure('busyTimeout', 1000));
 */
export function onEachSqliteConnection(sequelize: Sequelize, setup: (connection: sqlite3.Database) => void | Promise<void>): void {
  const manager = sequelize.connectionManager as unknown as ConnectionManager;
  const open = manager.getConnection.bind(manager);
  const ready = new WeakMap<sqlite3.Database, Promise<void>>();
  manager.getConnection = async (options) => {
    const connection = await open(options);
    let done = ready.get(connection);
    if (!done) ready.set(connection, (done = Promise.resolve(setup(connection))));
    try {
      await done;
    } catch (error) {
      // Set up it is not (the file locked by another process, say): close it, or each attempt would
      // leave one more connection open for good; the next request opens a new one.
      ready.delete(connection);
      for (const [key, open] of Object.entries(manager.connections)) if (open === connection) delete manager.connections[key];
      await closeSqlite(connection);
      throw error;
    }
    return connection;
  };
}

/**
 * Runs SQL on a raw sqlite3 connection, answering when it is done.
 *
 * @example
 * await execOn(connection, 'PRAGMA cache_size = -65536');
 */
export function execOn(connection: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => connection.exec(sql, (error) => (error ? reject(error) : resolve())));
}

/**
 * A raw sqlite3 connection to `file` of its own, outside Sequelize (a lock, a test's second client).
 *
 * @example
 * const other = await openSqlite('books.sqlite');
 * await execOn(other, 'BEGIN EXCLUSIVE');
 * await closeSqlite(other);
 */
export function openSqlite(file: string): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const connection = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(connection)));
  });
}

/** Closes a connection of openSqlite(), answering when it is closed (an error closing it is ignored). */
export function closeSqlite(connection: sqlite3.Database): Promise<void> {
  return new Promise((resolve) => connection.close(() => resolve()));
}

/** How often a statement that found the database locked tries again, until its deadline. */
const BUSY_RETRY_MS = 15;

type Callback = (this: unknown, error: (Error & { code?: string }) | null, ...results: unknown[]) => void;
type Method = (sql: string, ...rest: unknown[]) => unknown;

/**
 * Makes every statement on `connection` wait for a lock at most `timeout` ms from when it was
 * issued, without holding the connection while it waits. SQLite's own busy handler sleeps inside the
 * connection's mutex: twenty-five requests queued behind a lock waited one after another (76 s for
 * the last). Here SQLite answers SQLITE_BUSY at once (busy timeout 0) and the statement tries again
 * every few milliseconds, side by side with the others, until its own deadline.
 *
 * Sequelize also reads `PRAGMA table_info` of every table before each SELECT and ignores a failure:
 * under a lock that left dates as text (a 500 in a transformer). The schema does not change while the
 * app serves, so the answers are kept (and forgotten when a statement changes the schema).
 *
 * @example
 * boundedBusyWaits(connection, 1000);
 */
export function boundedBusyWaits(connection: sqlite3.Database, timeout: number, columnTypes = new Map<string, unknown[]>()): void {
  connection.configure('busyTimeout', 0);
  const target = connection as unknown as Record<'all' | 'run' | 'get' | 'exec', Method>;
  for (const name of ['all', 'run', 'get', 'exec'] as const) {
    const original = target[name].bind(connection);
    target[name] = (sql: string, ...rest: unknown[]) => {
      const callback = typeof rest[rest.length - 1] === 'function' ? (rest.pop() as Callback) : undefined;
      const table = name === 'all' ? /^PRAGMA table_info\(`([^`]+)`\)$/.exec(sql)?.[1] : undefined;
      const known = table === undefined ? undefined : columnTypes.get(table);
      if (known && callback) return void process.nextTick(() => callback.call(connection, null, known));
      if (/^\s*(ALTER|CREATE|DROP)\b/i.test(sql)) columnTypes.clear();
      const deadline = Date.now() + timeout;
      const attempt = (): unknown =>
        original(sql, ...rest, function (this: unknown, error: (Error & { code?: string }) | null, ...results: unknown[]) {
          if (error?.code === 'SQLITE_BUSY' && Date.now() < deadline) return void setTimeout(attempt, BUSY_RETRY_MS);
          if (!error && table !== undefined) columnTypes.set(table, results[0] as unknown[]);
          callback?.call(this, error, ...results);
        });
      return attempt();
    };
  }
}
