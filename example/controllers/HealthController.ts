import { Get, JsonController } from 'routing-controllers';
import { OpenAPI } from 'routing-controllers-openapi';
import { Service } from 'typedi';
import type { Sequelize } from 'sequelize-typescript';
import { json } from '../../src';
import { healthDatabase } from '../database';
import { Book } from '../models';

const DATABASE_UP = {
  type: 'object',
  properties: { status: { const: 'up' }, writable: { const: true }, busy: { const: true }, latency_ms: { type: 'integer', minimum: 0 } },
  required: ['status', 'writable', 'latency_ms'],
  additionalProperties: false,
};
const DATABASE_DOWN = {
  anyOf: [
    { type: 'object', properties: { status: { const: 'down' } }, required: ['status'], additionalProperties: false },
    { type: 'object', properties: { status: { const: 'up' }, writable: { const: false } }, required: ['status', 'writable'], additionalProperties: false },
  ],
};
const body = (status: string, database: object) => ({
  'application/json': {
    schema: { type: 'object', properties: { status: { const: status }, database }, required: ['status', 'database'], additionalProperties: false },
  },
});

/** The two answers of GET /health, documented. */
const HEALTH_OPERATION = {
  responses: {
    '200': { description: 'The database answers reads and takes writes', content: body('ok', DATABASE_UP) },
    '503': {
      description: 'The database is down, or does not take writes',
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
      content: body('error', DATABASE_DOWN),
    },
  },
};

/** How long the health check waits for the database before it calls it down. */
const PROBE_MS = 2000;

/** Rejects when `work` takes longer than the probe may. */
function withinProbe<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), PROBE_MS).unref())]);
}

/**
 * A write that is rolled back: it needs what every write needs (a writable file and directory for the
 * journal, a file still in place, room on the disk), and leaves nothing behind.
 */
async function probeWrite(sequelize: Sequelize): Promise<void> {
  const rollback = new Error('probe done');
  await sequelize
    .transaction(async (transaction) => {
      await sequelize.query('UPDATE migrations SET name = name WHERE name = (SELECT MIN(name) FROM migrations)', { transaction });
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
}

/**
 * The transaction this request runs in, if any (an atomic batch's): Sequelize keeps it in its CLS
 * namespace. Its write lock is this request's own, so a write probe would only wait for itself.
 */
function ownTransaction(sequelize: Sequelize): unknown {
  return (sequelize.constructor as unknown as { _cls?: { get(key: string): unknown } })._cls?.get('transaction');
}

/** Codes of a write lock another client holds: SQLite's one writer, PostgreSQL's lock_timeout. */
const LOCKED = new Set(['SQLITE_BUSY', '55P03']);

/** The database is up and taking writes, another client's for now. */
function heldByAnother(error: unknown): boolean {
  const { code, parent } = error as { code?: unknown; parent?: { code?: unknown } };
  return LOCKED.has(String(parent?.code ?? code));
}

/**
 * GET /health: 200 when the database answers reads and would take a write, 503 when it does not
 * (down, locked, read-only, deleted under the server, full); for load balancers and orchestrators.
 * A write lock held by a client's transaction is `busy: true`, still a 200: the database works. On a
 * database server the check has a connection of its own, so a pool full of clients' transactions
 * does not make it wait.
 */
@Service()
@JsonController('/health')
export class HealthController {
  @Get('/')
  @OpenAPI(HEALTH_OPERATION)
  async health() {
    const started = Date.now();
    const sequelize = healthDatabase(Book.sequelize as Sequelize);
    const down = (database: Record<string, unknown>) => json().setStatusCode(503).setHeaders({ 'Retry-After': 1 }).respond({ status: 'error', database });
    try {
      // A read of a real table: reachable, migrated, and not locked by another connection.
      await withinProbe(sequelize.query('SELECT id FROM books LIMIT 1'));
    } catch {
      return down({ status: 'down' });
    }
    // Inside a transaction (an atomic batch) the write lock is held, by this very request: busy.
    let busy = ownTransaction(sequelize) !== undefined;
    if (!busy)
      try {
        await withinProbe(probeWrite(sequelize));
      } catch (error) {
        if (!heldByAnother(error)) return down({ status: 'up', writable: false });
        busy = true;
      }
    return json({ status: 'ok', database: { status: 'up', writable: true, ...(busy ? { busy } : {}), latency_ms: Date.now() - started } });
  }
}
