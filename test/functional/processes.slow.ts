import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { QueryTypes } from 'sequelize';
import { TEST_DATABASE_URL } from '../fixture/database';
import { exitCode, startServer } from './serverProcess';
import { createDatabase } from '../../example/database';
import { MIGRATION_LOCK_KEY, withMigrationLock } from '../../example/migrationLock';

/** A new, empty database for processes to start on: a SQLite file, or a database of the PostgreSQL server. */
async function newDatabase(name: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-processes-'));
    return { env: { DB_STORAGE: path.join(dir, `${name}.sqlite`) }, drop: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const post = (url: string, title: string) =>
  fetch(`${url}/v1/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title, author_id: 1, publisher_id: 1 }) });

describe(`example processes on ${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`, function () {
  this.timeout(90_000);

  it('four processes started at once on a new database all come up (each waits its turn), seed it once, serve and accept writes', async () => {
    const database = await newDatabase('rca_four_at_once');
    const servers = await Promise.all([1, 2, 3, 4].map(() => startServer(database.env)));
    try {
      const outputs = servers.map((server) => server.output());
      expect(outputs.filter((text) => text.includes('Seeded 10 authors')).length, outputs.join('\n---\n')).to.equal(1);
      for (const [i, server] of servers.entries()) {
        const page = (await (await fetch(`${server.url}/v1/books`)).json()) as { meta: { pagination: { total: number } } };
        expect(page.meta.pagination.total).to.be.at.least(100);
        const created = await post(server.url, `Written by process ${i + 1}`);
        expect(created.status, await created.clone().text()).to.equal(201);
        expect(((await created.json()) as { id: number }).id).to.be.above(100);
      }
    } finally {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => exitCode(server.child)));
      await database.drop();
    }
  });

  it('WEB_CONCURRENCY=2 serves from two workers, replaces one that dies, and SIGTERM stops them all', async () => {
    const database = await newDatabase('rca_cluster');
    const server = await startServer({ ...database.env, WEB_CONCURRENCY: '2' });
    try {
      const workers = () => [...server.output().matchAll(/Books API \(worker (\d+)\) listening/g)].map((match) => Number(match[1]));
      while (workers().length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await fetch(`${server.url}/health`)).status).to.equal(200);
      const [first] = workers();
      process.kill(first, 'SIGKILL');
      while (workers().length < 3) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.output()).to.match(new RegExp(`Worker ${first} died \\(SIGKILL\\); starting another`));
      for (let i = 0; i < 6; i++) expect((await fetch(`${server.url}/v1/books/1`)).status).to.equal(200);
      server.child.kill('SIGTERM');
      expect(await exitCode(server.child)).to.equal(0);
      for (const pid of workers()) expect(() => process.kill(pid, 0), `worker ${pid} is gone`).to.throw();
    } finally {
      server.child.kill('SIGKILL');
      await database.drop();
    }
  });
});

if (!TEST_DATABASE_URL) {
  describe('the example on a SQLite file deleted under it', function () {
    this.timeout(60_000);

    it('/health says 503 (not writable) and a write is a 503 with Retry-After, never a 500 or a 200 that is lost', async () => {
      const database = await newDatabase('deleted');
      const server = await startServer(database.env);
      try {
        const healthy = await fetch(`${server.url}/health`);
        expect([healthy.status, ((await healthy.json()) as { database: { writable: boolean } }).database.writable]).to.deep.equal([200, true]);
        fs.rmSync(database.env.DB_STORAGE);
        const health = await fetch(`${server.url}/health`);
        expect([health.status, health.headers.get('retry-after')]).to.deep.equal([503, '1']);
        expect(await health.json()).to.deep.equal({ status: 'error', database: { status: 'up', writable: false } });
        const write = await post(server.url, 'Into the void');
        expect([write.status, write.headers.get('retry-after')]).to.deep.equal([503, '1']);
        expect(await write.json()).to.deep.equal({ error: { code: 503, message: 'Service Unavailable' } });
      } finally {
        server.child.kill('SIGTERM');
        await exitCode(server.child);
        await database.drop();
      }
    });
  });
}

if (TEST_DATABASE_URL) {
  describe('withMigrationLock() on PostgreSQL', function () {
    this.timeout(30_000);

    it("waits for another process's migrations past the app's lock_timeout and statement_timeout, then runs", async () => {
      const holder = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await holder.connect();
      const sequelize = createDatabase({ url: TEST_DATABASE_URL!, bindModels: false, poolMax: 2 });
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const released = new Promise<void>((resolve) => setTimeout(resolve, 2500)).then(() =>
          holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]),
        );
        const ran = await withMigrationLock(sequelize, () => Promise.resolve('ran'));
        await released;
        expect(ran).to.equal('ran');
        // The connection goes back to the pool with the app's own timeouts.
        const [row] = await sequelize.query<{ lock_timeout: string }>('SHOW lock_timeout', { type: QueryTypes.SELECT });
        expect(row.lock_timeout).to.equal('1s');
      } finally {
        await holder.end();
        await sequelize.close();
      }
    });
  });
}
