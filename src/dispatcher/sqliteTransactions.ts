import type { Sequelize } from 'sequelize';

/** A raw sqlite3 connection as Sequelize's SQLite connection manager keeps it. */
interface SqliteConnection {
  uuid?: string;
  exec(sql: string, callback: (error: Error | null) => void): unknown;
  close(callback: (error: Error | null) => void): unknown;
}

/** The parts of Sequelize's SQLite connection manager a transaction's end goes through. */
interface SqliteConnectionManager {
  connections: Record<string, SqliteConnection | undefined>;
  destroyConnection(connection: SqliteConnection): Promise<void>;
}

const mended = new WeakSet<object>();

/**
 * Makes a SQLite transaction whose COMMIT or ROLLBACK failed end anyway. Sequelize then "kills" the
 * transaction's connection through its generic pool, which SQLite connections never belong to: the
 * connection stayed open inside its transaction, holding the write lock (and the journal) until the
 * process exited, and every later request of every client answered 503. Here the connection is rolled
 * back and closed, as Sequelize's SQLite manager releases it on the good path. Idempotent; nothing
 * happens for other dialects.
 *
 * @example
 * endFailedSqliteTransactions(sequelize); // once, before the first transaction
 */
export function endFailedSqliteTransactions(sequelize: Sequelize): void {
  if (sequelize.getDialect() !== 'sqlite' || mended.has(sequelize)) return;
  mended.add(sequelize);
  const manager = sequelize.connectionManager as unknown as SqliteConnectionManager;
  const destroy = manager.destroyConnection.bind(manager);
  manager.destroyConnection = async (connection) => {
    const uuid = connection.uuid;
    if (uuid === undefined || manager.connections[uuid] !== connection) return destroy(connection);
    delete manager.connections[uuid];
    // A failed ROLLBACK is no reason to keep the connection: closing it rolls back what is left.
    await new Promise<void>((resolve) => connection.exec('ROLLBACK', () => resolve()));
    await new Promise<void>((resolve) => connection.close(() => resolve()));
  };
}
