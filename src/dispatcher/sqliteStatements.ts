import type { Sequelize } from 'sequelize';

/** A raw sqlite3 connection, as far as its execution mode goes. */
interface SqliteConnection {
  serialize(callback?: () => void): unknown;
}

/** The part of Sequelize's SQLite connection manager a connection is opened through. */
interface SqliteConnectionManager {
  getConnection(options?: unknown): Promise<SqliteConnection>;
}

const serialized = new WeakSet<object>();

/**
 * Makes every SQLite connection of `sequelize` run one statement at a time, from its prepare to its
 * finalize (sqlite3's serialized mode), for good. In sqlite3's default parallel mode a statement that
 * failed with SQLITE_BUSY stays active until it is finalized, and a write that finishes on the same
 * connection meanwhile is not committed (SQLite commits an autocommit write only when it is the last
 * active writer); finalizing the failed statement then rolls the whole connection back, that write
 * included, after it was acknowledged. Idempotent; nothing happens for other dialects.
 *
 * @example
 * oneStatementAtATime(sequelize); // once, before the first statement
 */
export function oneStatementAtATime(sequelize: Sequelize): void {
  if (sequelize.getDialect() !== 'sqlite' || serialized.has(sequelize)) return;
  serialized.add(sequelize);
  const manager = sequelize.connectionManager as unknown as SqliteConnectionManager;
  const open = manager.getConnection.bind(manager);
  const done = new WeakSet<SqliteConnection>();
  manager.getConnection = async (options) => {
    const connection = await open(options);
    if (!done.has(connection)) {
      // Without a callback the mode stays: Sequelize's own serialize(callback) restores it after each call.
      connection.serialize();
      done.add(connection);
    }
    return connection;
  };
}
