import 'reflect-metadata';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExampleApp } from '../example/app';
import { createDatabase } from '../example/database';
import { Author, Book } from '../example/models';
import { bookJson } from './handWritten';

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
      const pageUrl = (n: number) => {
        const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
        query.set('page', String(n));
        return `${origin}${req.path}?${query.toString()}`;
      };
      const totalPages = Math.max(1, Math.ceil(count / perPage));
      res.json({
        data: rows.map((book) => bookJson(book, origin)),
        meta: {
          pagination: {
            total: count,
            count: rows.length,
            per_page: perPage,
            current_page: page,
            total_pages: totalPages,
            links: { ...(page > 1 ? { previous: pageUrl(page - 1) } : {}), ...(page < totalPages ? { next: pageUrl(page + 1) } : {}) },
          },
        },
      });
    } catch (error) {
      next(error);
    }
  });
  return app;
}

/** `node throughputServer.js <toolkit|baseline> <sqlite file or database URL>`: serves on a loopback port and prints it. */
const [mode, location] = process.argv.slice(2);
createDatabase(location.includes('://') ? { url: location } : { storage: location });
const listener = mode === 'toolkit' ? createExampleApp('express', { onError: () => undefined }).listener : handWrittenApp();
const server = http.createServer(listener).listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
