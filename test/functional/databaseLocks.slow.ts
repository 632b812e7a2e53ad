import { expect } from 'chai';
import pg from 'pg';
import { Sequelize } from 'sequelize';
import { serverOptions } from '../../example/database';
import { Book } from '../../example/models';
import { describeError } from '../../src/errors/describeError';
import { closeSqlite, execOn, openSqlite } from '../../example/sqliteConnections';
import { onBothFrameworks } from './exampleServer';
import { exampleDatabase, statementIssued, TEST_DATABASE_URL } from '../fixture/database';

// Each test waits on a held lock for up to the busy timeout (1 s a statement): in npm run test:slow.

/**
 * A second connection that holds an exclusive lock on the example database until released: the
 * whole SQLite file, or on PostgreSQL every table of the example.
 */
async function lockDatabase(): Promise<() => Promise<void>> {
  if (TEST_DATABASE_URL) return lockPostgresTables(TEST_DATABASE_URL);
  const storage = (await exampleDatabase()).options.storage as string;
  const other = await openSqlite(storage);
  await execOn(other, 'BEGIN EXCLUSIVE');
  return async () => {
    await execOn(other, 'ROLLBACK');
    await closeSqlite(other);
  };
}

async function lockPostgresTables(url: string): Promise<() => Promise<void>> {
  await exampleDatabase();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE books, authors, publishers, comments IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
}

const INTERNALS = /SQLITE|BUSY|locked|lock_timeout|canceling statement|SELECT|INSERT|books|127\.0\.0\.1|ECONN|stack|\.ts:/i;

onBothFrameworks('faults: the database locked by another process', (app) => {
  it('a lock released while a read waits: the read is served whole (dates read as dates), not a 500', async () => {
    const release = await lockDatabase();
    const reached = statementIssued();
    const pending = app().get('/v1/books/3?include=author,comments');
    await reached;
    await release();
    const res = await pending;
    expect(res.status).to.equal(200);
    expect(res.body.created).to.match(/^\d{4}-\d\d-\d\dT/);
    expect(res.body.author.created).to.match(/^\d{4}-\d\d-\d\dT/);
  });

  const targets = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? '/v1/books/3?include=author,comments' : '/v1/books?include=author'));

  it('25 requests at once under a held lock: every one a 503 with Retry-After within the bound, none a 500', async () => {
    const release = await lockDatabase();
    try {
      const started = Date.now();
      const answers = await Promise.all(targets(25).map(async (target) => ({ res: await app().get(target), after: Date.now() - started })));
      for (const { res } of answers) expect([res.status, res.headers.get('retry-after')], res.text.slice(0, 80)).to.deep.equal([503, '1']);
      // Each statement waits at most 1 s from when it was issued (PostgreSQL: plus the pool's acquire timeout).
      expect(Math.max(...answers.map(({ after }) => after)), 'the slowest answer').to.be.below(TEST_DATABASE_URL ? 6000 : 3000);
    } finally {
      await release();
    }
    expect(app().errors.filter((e) => (e as { status: number }).status === 500)).to.deep.equal([]);
  });

  it('25 requests at once while a short lock is released: every one served whole, dates as dates', async () => {
    const release = await lockDatabase();
    const reached = statementIssued();
    const pending = Promise.all(targets(25).map((target) => app().get(target)));
    await reached;
    await release();
    for (const res of await pending) {
      expect(res.status, res.text.slice(0, 80)).to.equal(200);
      const book = res.body.data ? res.body.data[0] : res.body;
      expect(book.created).to.match(/^\d{4}-\d\d-\d\dT/);
      expect(book.author.created).to.match(/^\d{4}-\d\d-\d\dT/);
    }
  });

  it('answers 503 with the documented body, keeps serving, and loses nothing written', async () => {
    const kept = await app().post('/v1/books', { title: 'Written before the fault', author_id: 1, publisher_id: 1 });
    expect(kept.status).to.equal(201);
    try {
      const before = await Book.count();
      const release = await lockDatabase();
      try {
        const health = await app().get('/health');
        expect([health.status, health.headers.get('retry-after'), health.body]).to.deep.equal([503, '1', { status: 'error', database: { status: 'down' } }]);
        for (const send of [() => app().get('/v1/books/1'), () => app().post('/v1/books', { title: 'During the fault', author_id: 1, publisher_id: 1 })]) {
          const started = Date.now();
          const res = await send();
          // Each statement waits at most the busy timeout (1 s) and none is retried.
          expect(Date.now() - started, 'answered in bounded time').to.be.below(6000);
          expect([res.status, res.headers.get('retry-after')]).to.deep.equal([503, '1']);
          expect(res.body).to.deep.equal({ error: { code: 503, message: 'Service Unavailable' } });
          expect(res.text).not.to.match(INTERNALS);
        }
      } finally {
        await release();
      }
      expect((await app().get('/v1/books/1')).status).to.equal(200);
      const healthy = await app().get('/health');
      expect([healthy.status, healthy.body.status, healthy.body.database.status]).to.deep.equal([200, 'ok', 'up']);
      expect(await Book.count()).to.equal(before);
      expect((await app().get(`/v1/books/${kept.body.id}`)).body.title).to.equal('Written before the fault');
      expect(await Book.count({ where: { title: 'During the fault' } })).to.equal(0);
    } finally {
      await Book.destroy({ where: { id: kept.body.id } });
    }
  });
});

if (TEST_DATABASE_URL) {
  describe('faults: a PostgreSQL pool held by statements waiting on a lock', () => {
    it('a request that cannot get a connection within the acquire timeout answers 503 quickly, an unlocked table too', async () => {
      await exampleDatabase();
      // The example's server options with a small pool, on a connection of its own (no models bound to it).
      const small = new Sequelize(TEST_DATABASE_URL!, { ...serverOptions(TEST_DATABASE_URL!, 2, 500), logging: false });
      const release = await lockPostgresTables(TEST_DATABASE_URL!);
      try {
        const started = Date.now();
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            small
              .query(i % 2 ? 'SELECT count(*) FROM books' : 'SELECT 1')
              .then(() => ({ status: 200, after: Date.now() - started }))
              .catch((error: unknown) => ({ status: describeError(error, false).status, after: Date.now() - started })),
          ),
        );
        expect(answers.every(({ status }) => status === 503 || status === 200)).to.equal(true);
        expect(answers.filter(({ status }) => status === 503).length).to.be.above(10);
        expect(Math.max(...answers.map(({ after }) => after)), 'every answer within a few seconds').to.be.below(4000);
      } finally {
        await release();
        await small.close();
      }
    });
  });
}
