import { expect } from 'chai';
import pg from 'pg';
import { Book } from '../../example/models';
import type { TestResponse } from '../fixture/app';
import { TEST_DATABASE_URL } from '../fixture/database';
import { ADDED_BY_TESTS } from '../fixture/seededRows';
import { onBothFrameworks } from './exampleServer';

/** Ends every other connection to the suite's database, as a server restarting under load does to its clients. */
async function terminateOthers(): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

if (TEST_DATABASE_URL) {
  onBothFrameworks('connections lost under load (PostgreSQL)', (app) => {
    afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

    it('every answer is a success or a 503 with Retry-After, never a 500; every one comes; the app serves again', async function () {
      this.timeout(60_000);
      const shelf = (await Book.bulkCreate(Array.from({ length: 4 }, (_, i) => ({ title: `Lost ${i}`, authorId: 1, publisherId: 2 })))).map((book) => book.id);
      const send = (i: number): Promise<TestResponse> => {
        if (i % 4 === 0) return app().get(`/v1/books?include=author,comments:limit(3)&page=${(i % 5) + 1}`);
        if (i % 4 === 1) return app().post('/v1/books', { title: `Lost write ${i}`, author_id: 1, publisher_id: 2 });
        if (i % 4 === 2)
          return app().post(`/v1/books/${shelf[i % shelf.length]}/relationships/genres`, { data: [{ type: 'genres', id: String((i % 5) + 1) }] });
        return app().post('/v1/batch', {
          atomic: true,
          requests: [{ id: 'write', method: 'POST', url: '/v1/books', body: { title: `Lost batch ${i}`, author_id: 1, publisher_id: 2 } }],
        });
      };
      const answers: TestResponse[] = [];
      let terminated = 0;
      for (let round = 0; round < 4; round++) {
        const burst = Array.from({ length: 24 }, (_, i) => send(round * 24 + i));
        terminated += await terminateOthers();
        answers.push(...(await Promise.all(burst)));
      }
      expect(terminated, 'connections ended under the requests').to.be.greaterThan(0);
      for (const res of answers) {
        expect([200, 201, 204, 503], res.text.slice(0, 200)).to.include(res.status);
        if (res.status === 503) expect(res.headers.get('retry-after'), res.text.slice(0, 300)).to.equal('1');
        if (res.status === 200 && res.body?.responses) expect([201, 503]).to.include(res.body.responses[0].status);
      }
      expect(app().errors.filter((e) => (e as { status: number }).status >= 500 && (e as { status: number }).status !== 503)).to.deep.equal([]);
      expect((await app().get('/v1/books/1')).status).to.equal(200);
    });
  });
}
