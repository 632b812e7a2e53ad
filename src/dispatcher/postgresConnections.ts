import type { Sequelize } from 'sequelize';

/** A pg client as far as its error event goes. */
interface PgClient {
  on(event: 'error', listener: (error: Error) => void): unknown;
  _invalid?: boolean;
}

/** The part of Sequelize's PostgreSQL connection manager a client is made through. */
interface PostgresConnectionManager {
  lib: { Client: new (...args: unknown[]) => PgClient };
}

const guarded = new WeakSet<object>();

/**
 * Gives every pg client Sequelize makes for `sequelize` an `error` listener from its first moment.
 * Sequelize listens only once the client has connected: a connection the server ends in between (a
 * restart, `pg_terminate_backend()`) emitted an error nobody heard, which ended the whole process.
 * The client is marked invalid instead, as Sequelize's own listener marks it, so the pool replaces
 * it. Idempotent; nothing happens for other dialects.
 *
 * @example
 * survivePostgresConnectionErrors(sequelize); // useApi() does it
 */
export function survivePostgresConnectionErrors(sequelize: Sequelize): void {
  if (sequelize.getDialect() !== 'postgres' || guarded.has(sequelize)) return;
  guarded.add(sequelize);
  const manager = sequelize.connectionManager as unknown as PostgresConnectionManager;
  const Client = manager.lib.Client;
  class ListenedClient extends Client {
    constructor(...args: unknown[]) {
      super(...args);
      this.on('error', () => {
        this._invalid = true;
      });
    }
  }
  // The driver module's other members (types, Pool) stay as they are, reached through the prototype.
  manager.lib = Object.create(manager.lib, { Client: { value: ListenedClient } }) as PostgresConnectionManager['lib'];
}
