import type { Sequelize } from 'sequelize-typescript';
import sqlite3 from 'sqlite3';

type ConnectionManager = { getConnection(options?: unknown): Promise<sqlite3.Database> };

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
    await done;
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
