import { Sequelize } from 'sequelize-typescript';
import { SequelizeStorage, Umzug } from 'umzug';
import { migrations } from './migrations';
import { models } from './models';
import * as books from './seeders/001-books';

export interface DatabaseOptions {
  /** The SQLite file (created when missing), or ':memory:'. */
  storage: string;
  /** true prints every SQL statement on its own line; a function receives each one. */
  logging?: boolean | ((sql: string) => void);
  /** Attempts of a query that finds the database locked (SQLITE_BUSY); default: Sequelize's own (5, with back-off). */
  retries?: number;
}

/** The example's Sequelize connection with its four models registered. */
export function createDatabase({ storage, logging = false, retries }: DatabaseOptions): Sequelize {
  const log = logging === true ? (sql: string) => console.log(sql.replace(/\s*\n\s*/g, ' ')) : logging || false;
  return new Sequelize({ dialect: 'sqlite', storage, logging: log, models, ...(retries === undefined ? {} : { retry: { max: retries } }) });
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
