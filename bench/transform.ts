import { Author, Book, Comment } from '../example/models';
import { BookTransformer } from '../example/transformers/BookTransformer';
import { ApiResponse, resolveConfig } from '../src';
import { createContext } from '../src/context/createContext';
import { AppState, requestStorage } from '../src/context/RequestContext';
import { RouteRegistry } from '../src/routing/RouteRegistry';
import { benchDatabase } from './exampleHarness';
import { bookJson } from './handWritten';
import type { BenchResult } from './run';

const BOOKS = 10_000;
const ORIGIN = 'http://localhost:3000';

/** 10,000 books built in memory, each with its author and three comments loaded. */
function preloadedBooks(): Book[] {
  const base = Date.UTC(2024, 0, 1);
  return Array.from({ length: BOOKS }, (_, i) => {
    const id = i + 1;
    const created = new Date(base + id * 60_000);
    return Book.build(
      {
        id,
        title: `Book ${id}`,
        description: `About book ${id}`,
        publishedAt: new Date(base - id * 86_400_000),
        outOfPrint: id % 5 === 0,
        authorId: (id % 10) + 1,
        publisherId: (id % 5) + 1,
        createdAt: created,
        updatedAt: created,
        author: { id: (id % 10) + 1, name: `Author ${(id % 10) + 1}`, email: `a${id % 10}@example.test`, createdAt: new Date(base), updatedAt: new Date(base) },
        comments: [1, 2, 3].map((c) => ({
          id: id * 10 + c,
          bookId: id,
          body: `Comment ${c}`,
          createdAt: new Date(created.getTime() + c * 1000),
          updatedAt: created,
        })),
      },
      { include: [Author, Comment], isNewRecord: false, raw: true },
    );
  });
}

/** The same JSON written by hand: what a developer would write without the toolkit. */
function handWritten(books: Book[]): string {
  return JSON.stringify({
    data: books.map((book) => {
      // Assigned, not spread: the baseline must stay as fast as natural hand-written code.
      const json: Record<string, unknown> = bookJson(book, ORIGIN);
      json.comments = {
        data: [...(book.comments ?? [])]
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .slice(0, 3)
          .map((comment) => ({ id: Number(comment.id), body: comment.body, created: comment.createdAt.toISOString() })),
      };
      return json;
    }),
  });
}

function appState(): AppState {
  const routes = new RouteRegistry();
  routes.add({ name: 'v1.books.show', method: 'GET', path: '/v1/books/:id' });
  routes.add({ name: 'v1.authors.show', method: 'GET', path: '/v1/authors/:id' });
  return { framework: 'express', config: resolveConfig({ include: { maxResources: 100_000 } }, {}), routes, listener: () => () => undefined };
}

/** Through the toolkit: withCollection (the budget raised: 10,000 books is the server's choice here, not a client's) + BookTransformer with ?include=author,comments. */
function toolkit(app: AppState, books: Book[]): Promise<string> {
  const context = createContext(app, { method: 'GET', url: '/v1/books?include=author,comments', headers: {}, protocol: 'http', host: 'localhost:3000' });
  return requestStorage.run(context, async () => (await new ApiResponse(context).withCollection(books, new BookTransformer()).render()).body!);
}

async function timeMs(work: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs the two alternately (so drift and garbage collection fall on both alike) and answers their medians. */
async function interleaved(a: () => unknown, b: () => unknown, runs: number): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    times[0].push(await timeMs(a));
    times[1].push(await timeMs(b));
  }
  return [median(times[0]), median(times[1])];
}

/** Transform and serialize 10,000 preloaded books: toolkit time over hand-written time. */
export async function transform(): Promise<BenchResult[]> {
  const db = await benchDatabase();
  try {
    const books = preloadedBooks();
    const app = appState();
    const ours = await toolkit(app, books);
    if (ours !== handWritten(books)) throw new Error('transform bench: the toolkit and the hand-written JSON differ');
    for (let i = 0; i < 3; i++) {
      handWritten(books);
      await toolkit(app, books);
    }
    const [baseline, measured] = await interleaved(
      () => handWritten(books),
      () => toolkit(app, books),
      25,
    );
    return [
      {
        key: 'transform_ratio',
        label: `transform + serialize ${BOOKS} books, include=author,comments`,
        value: measured / baseline,
        baseline: 1,
        unit: 'x',
        detail: `${measured.toFixed(1)} ms vs ${baseline.toFixed(1)} ms hand-written, ${(Buffer.byteLength(ours) / 1e6).toFixed(1)} MB of JSON`,
      },
    ];
  } finally {
    await db.close();
  }
}
