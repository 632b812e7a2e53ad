import { expect } from 'chai';
import { Op } from 'sequelize';
import { Container } from 'typedi';
import { Api, ApiError, ATOMIC_MEDIA_TYPE } from '../../src';
import { closeSqlite, execOn, openSqlite } from '../../example/sqliteConnections';
import { Book, BookGenre } from '../../example/models';
import type { TestResponse } from '../fixture/app';
import { onBothFrameworks, startExample } from './exampleServer';
import { exampleDatabase, TEST_DATABASE_URL, testDialect } from '../fixture/database';
import { ADDED_BY_TESTS } from '../fixture/seededRows';

const NEW_BOOK = { author_id: 1, publisher_id: 2 };

/** Books of this suite's own, so that the seeded books' genres other suites read stay as they are. */
async function freshBooks(n: number, prefix: string): Promise<number[]> {
  const rows = await Book.bulkCreate(Array.from({ length: n }, (_, i) => ({ title: `${prefix} ${i}`, authorId: 1, publisherId: 2 })));
  return rows.map((row) => row.id);
}

/** Transaction connections Sequelize's SQLite manager still holds open (besides the shared one). */
async function openTransactionConnections(): Promise<string[]> {
  const manager = (await exampleDatabase()).connectionManager as unknown as { connections?: Record<string, unknown> };
  return Object.keys(manager.connections ?? {}).filter((uuid) => uuid !== 'default');
}

/** The database serves a plain read, and (SQLite) no transaction is left open. */
async function servesAgain(get: (path: string) => Promise<TestResponse>): Promise<void> {
  const res = await get('/v1/books/1');
  expect(res.status, res.text.slice(0, 120)).to.equal(200);
  expect(await openTransactionConnections()).to.deep.equal([]);
}

/** Another connection holding SQLite's lock: `BEGIN EXCLUSIVE` (nobody else reads or writes) or a read (nobody commits). */
async function holdSqlite(mode: 'exclusive' | 'read'): Promise<() => Promise<void>> {
  const other = await openSqlite((await exampleDatabase()).options.storage as string);
  await execOn(other, mode === 'exclusive' ? 'BEGIN EXCLUSIVE' : 'BEGIN; SELECT count(*) FROM books;');
  return async () => {
    await execOn(other, 'ROLLBACK');
    await closeSqlite(other);
  };
}

const genresOf = async (bookId: number) => (await BookGenre.findAll({ where: { bookId }, attributes: ['genreId'] })).map((row) => row.genreId).sort();

onBothFrameworks('Concurrent transactions', (app) => {
  afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

  const addGenre = (bookId: number, genreId: number) =>
    app().post(`/v1/books/${bookId}/relationships/genres`, { data: [{ type: 'genres', id: String(genreId) }] });

  for (const burst of [2, 3, 24]) {
    it(`${burst} relationship writes at once: each one acknowledged is in the database, and the database serves again`, async () => {
      const books = await freshBooks(burst, `Burst ${burst}`);
      const answers = await Promise.all(books.map((id, i) => addGenre(id, (i % 5) + 1)));
      for (const res of answers) expect([204, 503], res.text.slice(0, 120)).to.include(res.status);
      // On a busy machine one may wait past the lock timeout; most go through, and on SQLite none deadlocks.
      expect(answers.filter((res) => res.status === 204).length).to.be.greaterThan(burst / 2);
      for (const [i, res] of answers.entries()) expect(await genresOf(books[i])).to.deep.equal(res.status === 204 ? [(i % 5) + 1] : []);
      await servesAgain((path) => app().get(path));
    });
  }

  it('two atomic batches that read, then write, at once: both commit (neither waits on the other until both fail)', async () => {
    const batch = (title: string) => ({
      atomic: true,
      requests: [
        { id: 'read', method: 'GET', url: '/v1/books/20' },
        { id: 'write', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title } },
      ],
    });
    const titles = [`Atomic A ${app().framework}`, `Atomic B ${app().framework}`];
    const answers = await Promise.all(titles.map((title) => app().post('/v1/batch', batch(title))));
    expect(answers.map((res) => res.status)).to.deep.equal([200, 200]);
    for (const title of titles) expect(await Book.count({ where: { title } })).to.equal(1);
    await servesAgain((path) => app().get(path));
  });

  it('a burst of 6 atomic batches, 6 batches and 12 plain POSTs: every acknowledged book is written, no other', async () => {
    const tag = `Mixed ${app().framework}`;
    const atomic = (i: number) => ({
      atomic: true,
      requests: [{ id: 'a', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: `${tag} atomic ${i}` } }],
    });
    const plainBatch = (i: number) => ({ requests: [{ id: 'a', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title: `${tag} batch ${i}` } }] });
    const sends = [
      ...Array.from({ length: 6 }, (_, i) => ({ title: `${tag} atomic ${i}`, send: () => app().post('/v1/batch', atomic(i)) })),
      ...Array.from({ length: 6 }, (_, i) => ({ title: `${tag} batch ${i}`, send: () => app().post('/v1/batch', plainBatch(i)) })),
      ...Array.from({ length: 12 }, (_, i) => ({ title: `${tag} post ${i}`, send: () => app().post('/v1/books', { ...NEW_BOOK, title: `${tag} post ${i}` }) })),
    ];
    const answers = await Promise.all(sends.map(({ send }) => send()));
    for (const [i, res] of answers.entries()) {
      expect([200, 201, 503], res.text.slice(0, 160)).to.include(res.status);
      const acknowledged = res.status === 201 || (res.status === 200 && res.body.responses[0].status === 201);
      expect(await Book.count({ where: { title: sends[i].title } }), sends[i].title).to.equal(acknowledged ? 1 : 0);
    }
    expect(answers.filter((res) => res.status === 503).length, 'most go through').to.be.below(sends.length / 2);
    await servesAgain((path) => app().get(path));
  });

  it('a transaction past transaction.maxDuration is rolled back (503, Retry-After) and its work can write nothing afterwards', async () => {
    const title = `Too slow ${app().framework}`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let afterGate!: Promise<unknown>;
    const failure = await Container.get(Api)
      .forApp(app().app)
      .transaction(
        async (tx) => {
          await tx.post('/v1/books', { ...NEW_BOOK, title });
          await gate;
          afterGate = Book.create({ title: `${title} late`, authorId: 1, publisherId: 2 }).then(
            () => 'written',
            (error: unknown) => error,
          );
        },
        // Long enough for the POST before the gate on a loaded machine: the limit must strike at the gate.
        { maxDuration: 300 },
      )
      .catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(ApiError);
    expect([(failure as ApiError).code, (failure as ApiError).status, (failure as ApiError).responseHeaders]).to.deep.equal([
      'RCA_TRANSACTION_TIMEOUT',
      503,
      { 'retry-after': '1' },
    ]);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(((await afterGate) as ApiError).code).to.equal('RCA_TRANSACTION_ENDED');
    expect(await Book.count({ where: { title: { [Op.startsWith]: title } } })).to.equal(0);
    await servesAgain((path) => app().get(path));
  });

  it('a batch of 12 requests adds no abort listener that outlives its call (no MaxListenersExceededWarning)', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const requests = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, method: 'GET', url: `/v1/books/${i + 1}` }));
      for (const atomic of [false, true]) {
        const res = await app().post('/v1/batch', { atomic, requests });
        expect(res.status).to.equal(200);
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.to.include('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});

onBothFrameworks(
  'A transaction over its time limit in a batch',
  (app) => {
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    it('an atomic batch of a POST and 60 heavy GETs is cut at transaction.maxDuration: 503, nothing written; another client writes meanwhile', async () => {
      const title = `Heavy batch ${app().framework}`;
      const heavy = '/v1/books?per_page=100&include=author,publisher,comments:limit(10),genres';
      const requests = [
        { id: 'write', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title } },
        ...Array.from({ length: 60 }, (_, i) => ({ id: `read${i}`, method: 'GET', url: heavy })),
      ];
      const batch = app().post('/v1/batch', { atomic: true, requests });
      const other = await app().post('/v1/books', { ...NEW_BOOK, title: `${title} other client` });
      const res = await batch;
      expect([res.status, res.headers.get('retry-after')], res.text.slice(0, 200)).to.deep.equal([503, '1']);
      expect(other.status, other.text.slice(0, 200)).to.equal(201);
      expect(await Book.count({ where: { title } })).to.equal(0);
      await app().post('/v1/batch', { requests: [{ id: 'after', method: 'GET', url: '/v1/books/1' }] });
      expect(await openTransactionConnections()).to.deep.equal([]);
    });
  },
  // Budgets out of the way: the time limit is the subject (a batch this heavy meets them first otherwise).
  { transaction: { maxDuration: 150 }, response: { maxBytes: 1_000_000_000 }, include: { maxResources: 10_000_000 } },
);

onBothFrameworks(
  'POST /v1/operations at once',
  (app) => {
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    it('3 atomic operations requests adding to relationships at once: each acknowledged is written', async () => {
      const books = await freshBooks(3, 'Operations');
      const send = (bookId: number, genreId: number) =>
        app().get('/v1/operations', {
          method: 'POST',
          headers: { 'content-type': ATOMIC_MEDIA_TYPE, accept: ATOMIC_MEDIA_TYPE },
          body: JSON.stringify({
            'atomic:operations': [
              { op: 'add', ref: { type: 'books', id: String(bookId), relationship: 'genres' }, data: [{ type: 'genres', id: String(genreId) }] },
            ],
          }),
        });
      const answers = await Promise.all(books.map((id, i) => send(id, i + 1)));
      for (const [i, res] of answers.entries()) {
        expect([200, 204, 503], res.text.slice(0, 160)).to.include(res.status);
        expect(await genresOf(books[i])).to.deep.equal(res.status < 300 ? [i + 1] : []);
      }
      expect(answers.filter((res) => res.status < 300).length).to.be.greaterThan(1);
      await servesAgain((path) => app().get(path));
    });
  },
  { serializer: 'json-api' },
);

if (testDialect === 'sqlite') {
  onBothFrameworks('SQLite locked by another connection', (app) => {
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    const writes = (bookId: number, title: string) => [
      () => app().post(`/v1/books/${bookId}/relationships/genres`, { data: [{ type: 'genres', id: '3' }] }),
      () =>
        app().post('/v1/batch', {
          atomic: true,
          requests: [
            { id: 'read', method: 'GET', url: '/v1/books/20' },
            { id: 'write', method: 'POST', url: '/v1/books', body: { ...NEW_BOOK, title } },
          ],
        }),
    ];

    for (const mode of ['exclusive', 'read'] as const) {
      const where = mode === 'exclusive' ? 'at BEGIN' : 'at COMMIT';
      it(`BUSY ${where}: a relationship write and an atomic batch answer 503 with Retry-After; nothing written, nothing left open`, async () => {
        const [bookId] = await freshBooks(1, `Locked ${where}`);
        const title = `Locked ${where} ${app().framework}`;
        const release = await holdSqlite(mode);
        let answers: TestResponse[];
        try {
          answers = [];
          for (const send of writes(bookId, title)) answers.push(await send());
        } finally {
          await release();
        }
        for (const res of answers) {
          expect([res.status, res.headers.get('retry-after')], res.text.slice(0, 160)).to.deep.equal([503, '1']);
          expect(res.body).to.deep.equal({ error: { code: 503, message: 'Service Unavailable' } });
        }
        expect(await genresOf(bookId)).to.deep.equal([]);
        expect(await Book.count({ where: { title } })).to.equal(0);
        await servesAgain((path) => app().get(path));
      });
    }

    it('/health is 200 (busy) while a client’s transaction holds the write lock', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let began!: () => void;
      const holding = new Promise<void>((resolve) => (began = resolve));
      const held = Container.get(Api)
        .forApp(app().app)
        .transaction(
          async (tx) => {
            await tx.post('/v1/books', { ...NEW_BOOK, title: 'Holding the lock' });
            began();
            await gate;
          },
          { maxDuration: 10_000 },
        );
      await holding;
      try {
        const health = await app().get('/health');
        expect([health.status, health.body.database.status, health.body.database.busy], health.text).to.deep.equal([200, 'up', true]);
      } finally {
        release();
        await held;
      }
    });
  });
}

if (TEST_DATABASE_URL) {
  describe('PostgreSQL with a pool of 2 held by clients’ transactions', () => {
    for (const framework of ['express', 'koa'] as const) {
      it(`/health still answers 200 [${framework}]`, async () => {
        const { createDatabase } = await import('../../example/database');
        const { models } = await import('../../example/models');
        const small = createDatabase({ url: TEST_DATABASE_URL, poolMax: 2 });
        try {
          const running = await startExample(framework, {}, { sequelize: small });
          let release!: () => void;
          const gate = new Promise<void>((resolve) => (release = resolve));
          const api = Container.get(Api).forApp(running.app);
          const started: Array<Promise<void>> = [];
          const held = [1, 2].map((n) => {
            let began!: () => void;
            started.push(new Promise<void>((resolve) => (began = resolve)));
            return api.transaction(
              async (tx) => {
                await tx.get(`/v1/books/${n}`);
                began();
                await gate;
              },
              { maxDuration: 10_000 },
            );
          });
          await Promise.all(started);
          try {
            const health = await running.get('/health');
            expect([health.status, health.body.database.status], health.text).to.deep.equal([200, 'up']);
          } finally {
            release();
            await Promise.all(held);
            await running.close();
          }
        } finally {
          await small.close();
          // createDatabase() bound the model classes to the small pool: give them back to the shared one.
          (await exampleDatabase()).addModels(models);
        }
      });
    }
  });
}
