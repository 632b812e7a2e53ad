import { Get, JsonController } from 'routing-controllers';
import { Service } from 'typedi';
import { json } from '../../src';
import { Book } from '../models';

/** How long the health check waits for the database before it calls it down. */
const PROBE_MS = 2000;

/** GET /health: 200 when the database answers, 503 when it does not; for load balancers and orchestrators. */
@Service()
@JsonController('/health')
export class HealthController {
  @Get('/')
  async health() {
    const started = Date.now();
    try {
      // A read of a real table: reachable, migrated, and not locked by another connection.
      const probe = Book.findOne({ attributes: ['id'], raw: true });
      await Promise.race([probe, new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), PROBE_MS).unref())]);
      return json({ status: 'ok', database: { status: 'up', latency_ms: Date.now() - started } });
    } catch {
      return json()
        .setStatusCode(503)
        .setHeaders({ 'Retry-After': 1 })
        .respond({ status: 'error', database: { status: 'down' } });
    }
  }
}
