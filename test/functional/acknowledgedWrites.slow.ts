import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { createDatabase } from '../../example/database';
import { Book } from '../../example/models';
import { closeSqlite, execOn, openSqlite } from '../../example/sqliteConnections';
import type { TestResponse } from '../fixture/app';
import { exampleDatabase, TEST_DATABASE_URL } from '../fixture/database';
import { ADDED_BY_TESTS } from '../fixture/seededRows';
import { onBothFrameworks } from './exampleServer';

const BURSTS = 30;
const JSON_API = 'application/vnd.api+json';

/** A second connection to the suite's database, of its own: what it reads was committed. */
async function separateConnection(): Promise<Sequelize> {
  if (TEST_DATABASE_URL) return createDatabase({ url: TEST_DATABASE_URL, bindModels: false, poolMax: 1 });
  return createDatabase({ storage: (await exampleDatabase()).options.storage, bindModels: false });
}

/**
 * On SQLite, another client taking the write lock for a moment, again and again, until stopped: the
 * suite's statements then meet SQLITE_BUSY often, as they do beside many clients' transactions.
 */
async function lockFlapper(): Promise<() => Promise<void>> {
  if (TEST_DATABASE_URL) return async () => {};
  const other = await openSqlite((await exampleDatabase()).options.storage as string);
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await execOn(other, 'BEGIN IMMEDIATE').catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1));
      await execOn(other, 'COMMIT').catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await closeSqlite(other);
  };
}

interface Sent {
  /** The title of the book the request writes; none for a relationship write. */
  title?: string;
  answer: Promise<TestResponse>;
}

/** The id a write answered 201 with, from a plain answer or from the batch's answer of its member `write`. */
function acknowledgedId(res: TestResponse): string | undefined {
  if (res.status === 201) return String(res.body.data?.id ?? res.body.id);
  const members: { id?: string; status: number; body: { data?: { id: unknown }; id?: unknown } }[] | undefined =
    res.body?.responses ?? res.body?.meta?.responses;
  const write = members?.find((member) => member.id === 'write');
  return write?.status === 201 ? String(write.body.data?.id ?? write.body.id) : undefined;
}

for (const serializer of ['array', 'json-api'] as const) {
  onBothFrameworks(
    `Writes answered 201 beside concurrent transactions (${serializer})`,
    (app) => {
      afterEach(() => Book.destroy({ where: ADDED_BY_TESTS }));

      const bookBody = (title: string) =>
        serializer === 'json-api'
          ? {
              data: {
                type: 'books',
                attributes: { title },
                relationships: { author: { data: { type: 'authors', id: '1' } }, publisher: { data: { type: 'publishers', id: '2' } } },
              },
            }
          : { title, author_id: 1, publisher_id: 2 };
      const headers = serializer === 'json-api' ? { 'content-type': JSON_API } : { 'content-type': 'application/json' };
      const post = (path: string, body: unknown) => app().get(path, { method: 'POST', headers, body: JSON.stringify(body) });
      const pair = (title: string) => [
        { id: 'read', method: 'GET', url: '/v1/books/20' },
        { id: 'write', method: 'POST', url: '/v1/books', headers, body: bookBody(title) },
      ];

      /** 6 atomic batches, 6 batches, 6 POSTs and 6 relationship writes at once (each write in a transaction of its own) to `shelf`, books of the test's own. */
      function burst(tag: string, round: number, shelf: number[]): Sent[] {
        const batch = (atomic: boolean, title: string) => app().post('/v1/batch', { atomic, requests: pair(title) });
        return [
          ...Array.from({ length: 6 }, (_, i) => ({ title: `${tag} atomic ${i}`, answer: batch(true, `${tag} atomic ${i}`) })),
          ...Array.from({ length: 6 }, (_, i) => ({ title: `${tag} batch ${i}`, answer: batch(false, `${tag} batch ${i}`) })),
          ...Array.from({ length: 6 }, (_, i) => ({ title: `${tag} post ${i}`, answer: post('/v1/books', bookBody(`${tag} post ${i}`)) })),
          ...Array.from({ length: 6 }, (_, i) => ({
            answer: post(`/v1/books/${shelf[i]}/relationships/genres`, { data: [{ type: 'genres', id: String((round % 5) + 1) }] }),
          })),
        ];
      }

      it(`${BURSTS} bursts of 24 writes and reads: every book answered 201 is stored under the id it was answered with`, async () => {
        const acknowledged: { title: string; id: string }[] = [];
        // The seeded books' genres stay as other suites read them.
        const shelf = (await Book.bulkCreate(Array.from({ length: 6 }, (_, i) => ({ title: `Shelf ${i}`, authorId: 1, publisherId: 2 })))).map(
          (book) => book.id,
        );
        const stopFlapping = await lockFlapper();
        try {
          for (let round = 0; round < BURSTS; round++) {
            const sent = burst(`Acknowledged ${app().framework} ${serializer} ${round}`, round, shelf);
            const answers = await Promise.all(sent.map((one) => one.answer));
            for (const [i, res] of answers.entries()) {
              expect([200, 201, 204, 503], res.text.slice(0, 200)).to.include(res.status);
              const id = sent[i].title === undefined ? undefined : acknowledgedId(res);
              if (id !== undefined) acknowledged.push({ title: sent[i].title!, id });
            }
          }
        } finally {
          await stopFlapping();
        }
        // Most go through (a 503 is a refusal the client sees, never a loss).
        expect(acknowledged.length).to.be.greaterThan(BURSTS * 18 * 0.9);
        const reader = await separateConnection();
        try {
          const rows = await reader.query<{ id: number; title: string }>('SELECT id, title FROM books WHERE title LIKE :prefix', {
            replacements: { prefix: `Acknowledged ${app().framework} ${serializer} %` },
            type: QueryTypes.SELECT,
          });
          const stored = new Map(rows.map((row) => [row.title, String(row.id)]));
          const lost = acknowledged.filter(({ title, id }) => stored.get(title) !== id);
          expect(lost, 'acknowledged but not stored').to.deep.equal([]);
          expect(rows.length, 'stored but not acknowledged').to.equal(acknowledged.length);
        } finally {
          await reader.close();
        }
      });
    },
    { serializer },
  );
}
