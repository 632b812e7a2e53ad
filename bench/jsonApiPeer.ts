import { deepStrictEqual } from 'node:assert';
import JSONAPISerializer from 'json-api-serializer';
import type { Book } from '../example/models';
import { BookTransformer } from '../example/transformers/BookTransformer';
import { ApiResponse } from '../src';
import { createContext } from '../src/context/createContext';
import { requestStorage } from '../src/context/RequestContext';
import { benchDatabase } from './exampleHarness';
import type { BenchResult } from './run';
import { appState, ORIGIN, preloadedBooks, ratioInProcesses } from './transform';

/** Rounds of the peer figure: each a new pair of processes, whose speeds differ by up to 10 % here. */
const ROUNDS = 12;

/** json-api-serializer, the fastest JSON:API peer measured for issue 13, set up for the example's types. */
function peerSerializer(): JSONAPISerializer {
  const serializer = new JSONAPISerializer();
  serializer.register('books', {
    links: { self: (book: { id: string }) => `${ORIGIN}/v1/books/${book.id}` },
    relationships: { author: { type: 'authors' }, comments: { type: 'comments' } },
  });
  serializer.register('authors', { links: { self: (author: { id: string }) => `${ORIGIN}/v1/authors/${author.id}` } });
  serializer.register('comments', {});
  return serializer;
}

/** What a json-api-serializer user writes: the books mapped to plain data, serialized, stringified. */
function peer(serializer: JSONAPISerializer, books: Book[]): string {
  const data = books.map((book) => ({
    id: String(book.id),
    title: book.title,
    description: book.description ?? null,
    published_at: book.publishedAt ? book.publishedAt.toISOString() : null,
    out_of_print: Boolean(book.outOfPrint),
    created: book.createdAt.toISOString(),
    draft: Boolean(book.draft),
    editor_id: book.editorId ?? null,
    cost: book.cost ?? null,
    author: book.author ? { id: String(book.author.id), name: book.author.name, email: book.author.email, created: book.author.createdAt.toISOString() } : null,
    comments: [...(book.comments ?? [])]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, 3)
      .map((comment) => ({
        id: String(comment.id),
        body: comment.body,
        rating: comment.rating ?? null,
        created: comment.createdAt.toISOString(),
        flagged: Boolean(comment.flagged),
      })),
  }));
  return JSON.stringify(serializer.serialize('books', data));
}

function toolkit(books: Book[]): Promise<string> {
  const app = appState('json-api');
  const context = createContext(app, { method: 'GET', url: '/v1/books?include=author,comments', headers: {}, protocol: 'http', host: 'localhost:3000' });
  return requestStorage.run(context, async () => (await new ApiResponse(context).withCollection(books, new BookTransformer(), 'books').render()).body!);
}

/** The work of one side of the peer comparison, for the worker process. */
export function jsonApiWork(side: 'jsonapi-toolkit' | 'jsonapi-peer', books: Book[]): () => unknown {
  if (side === 'jsonapi-toolkit') return () => toolkit(books);
  const serializer = peerSerializer();
  return () => peer(serializer, books);
}

/** Both documents with what legitimately differs set aside: the `jsonapi` member's version, the order of `included`. */
function comparable(text: string): unknown {
  const document = JSON.parse(text) as { jsonapi?: unknown; included?: Array<{ type: string; id: string }> };
  delete document.jsonapi;
  document.included?.sort((a, b) => a.type.localeCompare(b.type) || Number(a.id) - Number(b.id));
  return document;
}

/** 10,000 books with author and comments in JSON:API: the toolkit's json-api mode over json-api-serializer, same document. */
export async function jsonApiPeer(): Promise<BenchResult[]> {
  const db = await benchDatabase();
  try {
    const books = preloadedBooks();
    deepStrictEqual(comparable(await toolkit(books)), comparable(peer(peerSerializer(), books)), 'json-api peer bench: the documents differ');
  } finally {
    await db.close();
  }
  // CPU, not wall time: the side that makes more garbage pays for its collection on every thread.
  const { ratio, spread, ms } = ratioInProcesses('jsonapi-toolkit', 'jsonapi-peer', 'cpuMs', ROUNDS);
  return [
    {
      key: 'jsonapi_peer_ratio',
      label: 'JSON:API document of 10,000 books with author and comments, toolkit over json-api-serializer, CPU (separate processes; target <= 0.8)',
      value: ratio,
      baseline: 1,
      unit: 'x',
      detail: `median of ${ROUNDS} rounds (two processes each), spread ${spread[0].toFixed(2)}-${spread[1].toFixed(2)}; ${ms[0].toFixed(1)} vs ${ms[1].toFixed(1)} ms CPU`,
    },
  ];
}
