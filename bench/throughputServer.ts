import 'reflect-metadata';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExampleApp } from '../example/app';
import { createDatabase } from '../example/database';
import { Op, QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { ServerMode } from './throughput';
import { Author, Book, Comment, Publisher } from '../example/models';
import { definePolicy } from '../src';
import { bookJson, publisherJson } from './handWritten';
import { pagination, rawApp } from './rawRoute';
import { serverStats } from './serverStats';
import * as budgetModule from '../src/transformer/Budget';

/**
 * The hand-written baseline: Express + Sequelize with eager loading, producing the same JSON as
 * the toolkit's GET /v1/books?include=author (5 a page, newest first, pagination meta and links).
 */
function handWrittenApp(): http.RequestListener {
  const app = express();
  // An async handler as Express 4 apps write them; it catches its own errors below.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  app.get('/v1/books', async (req, res, next) => {
    try {
      if (req.query.include === 'author,publisher,comments') return res.json(await fullPage(req));
      const page = Math.max(1, Number(req.query.page ?? 1) || 1);
      const perPage = 5;
      const { rows, count } = await Book.findAndCountAll({
        include: [Author],
        limit: perPage,
        offset: (page - 1) * perPage,
        order: [
          ['createdAt', 'DESC'],
          ['id', 'DESC'],
        ],
        distinct: true,
      });
      const origin = `${req.protocol}://${req.get('host')}`;
      res.json({ data: rows.map((book) => bookJson(book, origin)), meta: { pagination: pagination(req, origin, count, rows.length, page, perPage) } });
    } catch (error) {
      next(error);
    }
  });
  return app;
}

/**
 * `?per_page=100&include=author,publisher,comments` by hand, the way a competent engineer would: the
 * page and its count, then authors and publishers with one `IN (...)` each, and the three newest
 * comments of every book (and a fourth, to say the list was cut) in one windowed query; no DISTINCT
 * (nothing is joined).
 */
async function fullPage(req: express.Request) {
  const page = Math.max(1, Number(req.query.page ?? 1) || 1);
  const perPage = Math.min(100, Math.max(1, Number(req.query.per_page ?? 5) || 5));
  const { rows, count } = await Book.findAndCountAll({
    limit: perPage,
    offset: (page - 1) * perPage,
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
  const ids = rows.map((book) => book.id);
  const [authors, publishers, comments] = await Promise.all([
    Author.findAll({ where: { id: [...new Set(rows.map((book) => book.authorId))] } }),
    Publisher.findAll({ where: { id: [...new Set(rows.map((book) => book.publisherId))] } }),
    ids.length === 0
      ? []
      : Book.sequelize!.query<{ id: number; book_id: number; body: string; rating: number | null; flagged: number | boolean; created_at: string | Date }>(
          'SELECT id, book_id, body, rating, flagged, created_at FROM (SELECT id, book_id, body, rating, flagged, created_at, ROW_NUMBER() OVER (PARTITION BY book_id ORDER BY created_at DESC, id DESC) AS rn ' +
            'FROM comments WHERE book_id IN (:ids)) AS ranked WHERE rn <= 4 ORDER BY book_id, rn',
          { replacements: { ids }, type: QueryTypes.SELECT },
        ),
  ]);
  const authorById = new Map(authors.map((author) => [author.id, author]));
  const publisherById = new Map(publishers.map((publisher) => [publisher.id, publisher]));
  const commentsByBook = new Map<number, Array<{ id: number; body: string; rating: number | null; created: string; flagged: boolean }>>();
  for (const comment of comments) {
    const list = commentsByBook.get(Number(comment.book_id)) ?? [];
    list.push({
      id: Number(comment.id),
      body: comment.body,
      rating: comment.rating,
      created: new Date(comment.created_at).toISOString(),
      flagged: Boolean(comment.flagged),
    });
    commentsByBook.set(Number(comment.book_id), list);
  }
  const origin = `${req.protocol}://${req.get('host')}`;
  return {
    data: rows.map((book) => {
      const json: Record<string, unknown> = bookJson(Object.assign(book, { author: authorById.get(book.authorId) }), origin);
      const publisher = publisherById.get(book.publisherId);
      json.publisher = publisher ? publisherJson(publisher, origin) : null;
      // One comment more than the three sent says that the list was cut, as the toolkit does.
      const list = commentsByBook.get(book.id) ?? [];
      json.comments = list.length > 3 ? { data: list.slice(0, 3), meta: { limit: 3, offset: 0, more: true } } : { data: list };
      return json;
    }),
    meta: { pagination: pagination(req, origin, count, rows.length, page, perPage) },
  };
}

/** A tracer provider that records every span in memory (emptied every second), as a traced production app would export them. */
function recordSpans(): void {
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  setInterval(() => exporter.reset(), 1000).unref();
}

/**
 * The servers compared (all under NODE_ENV=production): the toolkit as the example runs it, with
 * Server-Timing on, with tracing, without its byte and resource budget, with model instances (`readAs`), and
 * the two hand-written routes (Express + Sequelize models, and the raw driver path).
 */
const SERVERS: Record<ServerMode, (sequelize: Sequelize) => http.RequestListener> = {
  toolkit: (sequelize) => createExampleApp('express', { onError: () => undefined, sequelize, policies: [] }).listener,
  'toolkit-timed': (sequelize) => createExampleApp('express', { onError: () => undefined, sequelize, policies: [], api: { timing: true } }).listener,
  'toolkit-traced': (sequelize) => {
    recordSpans();
    return createExampleApp('express', { onError: () => undefined, sequelize, policies: [] }).listener;
  },
  'toolkit-unbudgeted': (sequelize) => {
    // Bench only (no config turns the bounds off): every walk's budget unbounded, so that it counts
    // no bytes and no resources; what is left of the budget is the one length check of the body.
    const Bounded = budgetModule.Budget;
    (budgetModule as { Budget: typeof Bounded }).Budget = class extends Bounded {
      constructor(...[, , shared]: ConstructorParameters<typeof Bounded>) {
        super(Infinity, Infinity, shared);
      }
    };
    return createExampleApp('express', { onError: () => undefined, sequelize, policies: [] }).listener;
  },
  // A reader's policy as an app would write it: a row scope on the books (every book meets it, so that
  // both sides send the same rows) and two hidden fields (an author's email, a comment's rating).
  'toolkit-policy': (sequelize) =>
    createExampleApp('express', {
      onError: () => undefined,
      sequelize,
      principal: () => ({ role: 'reader' }),
      policies: [
        definePolicy(Book, () => ({ rows: { id: { [Op.gt]: 0 } } })),
        definePolicy(Author, () => ({ hidden: ['email'] })),
        definePolicy(Comment, () => ({ hidden: ['rating'] })),
      ],
    }).listener,
  'toolkit-instances': (sequelize) => createExampleApp('express', { onError: () => undefined, sequelize, policies: [], api: { readAs: 'instances' } }).listener,
  baseline: () => handWrittenApp(),
  raw: (sequelize) => rawApp(sequelize),
};

/** The request listener of one bench server on the database at `location` (a SQLite file or a database URL). */
export function listenerOf(mode: ServerMode, location: string): http.RequestListener {
  return SERVERS[mode](createDatabase(location.includes('://') ? { url: location } : { storage: location }));
}

/** `node throughputServer.js <mode> <sqlite file or database URL>`: serves on a loopback port and prints it. */
if (require.main === module) {
  const [mode, location] = process.argv.slice(2) as [ServerMode, string];
  const server = http.createServer(serverStats(listenerOf(mode, location))).listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
