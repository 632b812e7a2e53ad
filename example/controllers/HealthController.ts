import { Get, JsonController } from 'routing-controllers';
import { Service } from 'typedi';
import { json } from '../../src';
import { Book } from '../models';

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
async function probeWrite(): Promise<void> {
  const sequelize = Book.sequelize!;
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
 * GET /health: 200 when the database answers reads and would take a write, 503 when it does not
 * (down, locked, read-only, deleted under the server, full); for load balancers and orchestrators.
 */
@Service()
@JsonController('/health')
export class HealthController {
  @Get('/')
  async health() {
    const started = Date.now();
    const down = (database: Record<string, unknown>) => json().setStatusCode(503).setHeaders({ 'Retry-After': 1 }).respond({ status: 'error', database });
    try {
      // A read of a real table: reachable, migrated, and not locked by another connection.
      await withinProbe(Book.findOne({ attributes: ['id'], raw: true }));
    } catch {
      return down({ status: 'down' });
    }
    try {
      await withinProbe(probeWrite());
    } catch {
      return down({ status: 'up', writable: false });
    }
    return json({ status: 'ok', database: { status: 'up', writable: true, latency_ms: Date.now() - started } });
  }
}
