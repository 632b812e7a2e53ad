import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeDatabase, readSettings } from '../../example/config';
import { DEVELOPMENT_KEY } from '../../example/auth';
import { createDatabase, prepareDatabase, SQLITE_CACHE_KIB, sqliteStorage } from '../../example/database';
import { models } from '../../example/models';
import { closeSqlite, execOn, openSqlite } from '../../example/sqliteConnections';
import { SEED_COUNTS } from '../../example/seeders/001-books';
import { DRAFTS } from '../../example/seeders/004-callers';
import { exampleDatabase } from '../fixture/database';

describe('example database', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-db-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  // These databases are opened with bindModels: false, so the model classes stay with the shared one
  // even when a test outlives its timeout; should one bind them anyway, they are given back.
  after(async () => (await exampleDatabase()).addModels(models));

  it('migrates and seeds a new file, and keeps the data on the next start', async () => {
    const storage = path.join(dir, 'books.sqlite');
    const first = createDatabase({ storage, bindModels: false });
    const prepared = await prepareDatabase(first);
    expect(prepared.migrated).to.deep.equal([
      '001-create-authors-and-publishers',
      '002-create-books',
      '003-create-comments',
      '004-add-book-version',
      '005-separate-seed-ledger',
      '006-add-sort-indexes',
      '007-create-genres',
      '008-add-filter-indexes',
      '009-add-comment-rating',
      '010-search-keeps-diacritics',
      '011-add-callers',
    ]);
    expect(prepared.seeded).to.deep.equal(['001-books', '002-genres', '003-ratings', '004-callers']);
    const [[counts]] = (await first.query('SELECT (SELECT COUNT(*) FROM authors) a, (SELECT COUNT(*) FROM publishers) p, (SELECT COUNT(*) FROM books) b')) as [
      Array<Record<string, number>>,
      unknown,
    ];
    expect(counts).to.deep.equal({ a: SEED_COUNTS.authors, p: SEED_COUNTS.publishers, b: SEED_COUNTS.books + DRAFTS.length });
    // The published books' comments that no moderator flagged.
    const [[range]] = (await first.query(
      'SELECT MIN(n) lo, MAX(n) hi FROM (SELECT b.id, COUNT(c.id) n FROM books b LEFT JOIN comments c ON c.book_id = b.id AND c.flagged = 0 WHERE b.draft = 0 GROUP BY b.id)',
    )) as [Array<Record<string, number>>, unknown];
    expect(range.lo).to.be.at.least(0);
    expect(range.hi).to.be.at.most(SEED_COUNTS.maxCommentsPerBook);
    await first.query("UPDATE books SET title = 'Kept' WHERE id = 1");
    await first.close();

    const second = createDatabase({ storage, bindModels: false });
    expect(await prepareDatabase(second)).to.deep.equal({ migrated: [], seeded: [] });
    const [[book]] = (await second.query('SELECT title FROM books WHERE id = 1')) as [Array<{ title: string }>, unknown];
    expect(book.title).to.equal('Kept');
    await second.close();
  });

  it('seeds the same data on every machine', async () => {
    const titles = async (name: string) => {
      const db = createDatabase({ storage: path.join(dir, name), bindModels: false });
      await prepareDatabase(db);
      const [rows] = await db.query('SELECT title, author_id, publisher_id, (SELECT COUNT(*) FROM comments WHERE book_id = books.id) c FROM books ORDER BY id');
      await db.close();
      return rows;
    };
    expect(await titles('one.sqlite')).to.deep.equal(await titles('two.sqlite'));
  });

  // Sequelize 6 runs no afterConnect hook on SQLite (sequelize#12487): both settings used to be skipped silently.
  it("sets up every SQLite connection: a page cache that holds a big table's index, and the busy timeout asked for", async () => {
    const cacheSize = async (db: ReturnType<typeof createDatabase>) => {
      const [[row]] = (await db.query('PRAGMA cache_size')) as [Array<{ cache_size: number }>, unknown];
      // A transaction has a connection of its own: it is set up too.
      const [[inner]] = (await db.transaction((transaction) => db.query('PRAGMA cache_size', { transaction }))) as [Array<{ cache_size: number }>, unknown];
      await db.close();
      return [row.cache_size, inner.cache_size];
    };
    expect(await cacheSize(createDatabase({ storage: path.join(dir, 'a.sqlite'), bindModels: false }))).to.deep.equal([-SQLITE_CACHE_KIB, -SQLITE_CACHE_KIB]);
    expect(await cacheSize(createDatabase({ storage: path.join(dir, 'b.sqlite'), cacheKiB: 4096, bindModels: false }))).to.deep.equal([-4096, -4096]);

    const storage = path.join(dir, 'c.sqlite');
    const timed = async (busyTimeout: number) => {
      const db = createDatabase({ storage, busyTimeout, bindModels: false });
      await db.query('CREATE TABLE IF NOT EXISTS t (x)');
      const other = await openSqlite(storage);
      await execOn(other, 'BEGIN EXCLUSIVE');
      const started = Date.now();
      const failed = await db.query('SELECT * FROM t').then(
        () => false,
        () => true,
      );
      const waited = Date.now() - started;
      await execOn(other, 'ROLLBACK');
      await closeSqlite(other);
      await db.close();
      return { failed, waited };
    };
    const short = await timed(50);
    expect(short.failed).to.equal(true);
    expect(short.waited).to.be.below(700);
    const long = await timed(1500);
    expect(long.failed).to.equal(true);
    expect(long.waited).to.be.at.least(1400);
  });

  it('prints every statement on its own line with DB_LOGGING=true', async () => {
    const lines: string[] = [];
    const original = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      const db = createDatabase({ storage: ':memory:', logging: readSettings({ DB_LOGGING: 'true' }).logging, bindModels: false });
      await db.query('SELECT\n  1 AS one,\n  2 AS two');
      await db.close();
    } finally {
      console.log = original;
    }
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/SELECT 1 AS one, 2 AS two/);
  });

  it('reads PORT, FRAMEWORK, DATABASE_URL, DB_STORAGE, DB_POOL_MAX, DB_POOL_ACQUIRE_MS, WEB_CONCURRENCY, LOG_LEVEL and JWT_SECRET, refusing bad values', () => {
    expect(readSettings({})).to.include({ port: 3000, framework: 'express', logging: false, poolMax: 10, poolAcquireMs: 3000, workers: 1 });
    const env = { PORT: '8080', FRAMEWORK: 'koa', DB_STORAGE: '/tmp/x.sqlite', DB_POOL_MAX: '4', DB_POOL_ACQUIRE_MS: '500', WEB_CONCURRENCY: '3' };
    expect(readSettings(env)).to.deep.equal({
      port: 8080,
      framework: 'koa',
      database: { storage: '/tmp/x.sqlite' },
      poolMax: 4,
      poolAcquireMs: 500,
      logging: false,
      workers: 3,
      serializer: 'array',
      logLevel: 'info',
      jwtSecret: DEVELOPMENT_KEY,
    });
    expect(readSettings({ JWT_SECRET: 'k'.repeat(32) }).jwtSecret).to.equal('k'.repeat(32));
    expect(() => readSettings({ JWT_SECRET: 'short' })).to.throw(/JWT_SECRET must be at least 32 characters, got 5/);
    expect(() => readSettings({ NODE_ENV: 'production' })).to.throw(/JWT_SECRET must be set when NODE_ENV=production/);
    expect(readSettings({ NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(40) }).jwtSecret).to.have.length(40);
    expect(readSettings({ LOG_LEVEL: 'Silent' }).logLevel).to.equal('silent');
    expect(() => readSettings({ LOG_LEVEL: 'loud' })).to.throw(/LOG_LEVEL must be one of/);
    expect(readSettings({ API_SERIALIZER: 'json-api' }).serializer).to.equal('json-api');
    expect(() => readSettings({ API_SERIALIZER: 'xml' })).to.throw(/API_SERIALIZER must be array, data-array or json-api/);
    expect(readSettings({ DATABASE_URL: 'postgres://u:secret@db:5432/books', DB_STORAGE: '/tmp/x.sqlite' }).database).to.deep.equal({
      url: 'postgres://u:secret@db:5432/books',
    });
    expect(describeDatabase({ url: 'postgres://u:secret@db:5432/books' })).to.equal('postgres://db:5432/books');
    expect(sqliteStorage('sqlite:/tmp/a.sqlite')).to.equal('/tmp/a.sqlite');
    expect(sqliteStorage('sqlite::memory:')).to.equal(':memory:');
    expect(sqliteStorage('postgres://db/x')).to.equal(undefined);
    expect(() => readSettings({ DATABASE_URL: 'oracle://db/x' })).to.throw(/DATABASE_URL must start with postgres/);
    expect(() => readSettings({ WEB_CONCURRENCY: '0' })).to.throw(/WEB_CONCURRENCY must be an integer of at least 1/);
    expect(() => readSettings({ DB_POOL_MAX: '1' })).to.throw(/DB_POOL_MAX must be an integer of at least 2/);
    expect(() => readSettings({ FRAMEWORK: 'hapi' })).to.throw(/FRAMEWORK must be express or koa/);
    expect(() => readSettings({ PORT: 'eighty' })).to.throw(/PORT must be a port number/);
  });
});
