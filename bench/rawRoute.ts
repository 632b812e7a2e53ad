import express from 'express';
import http from 'node:http';
import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';

type Row = Record<string, unknown>;

/** A date as the driver gives it (a Date on PostgreSQL, text on SQLite) in ISO 8601. */
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

function authorJson(author: Row, origin: string) {
  return {
    id: Number(author.id),
    name: author.name,
    email: author.email,
    created: iso(author.created_at),
    link: { rel: 'self', href: `${origin}/v1/authors/${Number(author.id)}` },
  };
}

function publisherJson(publisher: Row, origin: string) {
  return {
    id: Number(publisher.id),
    name: publisher.name,
    created: iso(publisher.created_at),
    link: { rel: 'self', href: `${origin}/v1/publishers/${Number(publisher.id)}` },
  };
}

function bookJson(book: Row, origin: string, author: Row | undefined) {
  return {
    id: Number(book.id),
    title: book.title,
    description: book.description,
    published_at: iso(book.published_at),
    out_of_print: Boolean(book.out_of_print),
    created: iso(book.created_at),
    draft: Boolean(book.draft),
    editor_id: book.editor_id ?? null,
    cost: book.cost ?? null,
    link: { rel: 'self', href: `${origin}/v1/books/${Number(book.id)}` },
    author: author ? authorJson(author, origin) : null,
  };
}

/** Rows by id, from one `IN (...)` statement. */
async function byId(sequelize: Sequelize, sql: string, ids: unknown[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map();
  const rows = await sequelize.query<Row>(sql, { type: QueryTypes.SELECT, raw: true, replacements: { ids: [...new Set(ids)] } });
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/**
 * The harder baseline: the same JSON as the toolkit's GET /v1/books (with `include=author`, or 100 a
 * page with `author,publisher,comments`), written on the raw driver path the way a competent
 * engineer would: `sequelize.query(..., { raw: true })` for the page and its count, authors and
 * publishers by `IN (...)`, the three newest comments of each book (and a fourth, to say the list
 * was cut) in one windowed statement; plain objects; `res.json`. No model instance anywhere.
 */
export function rawApp(sequelize: Sequelize): http.RequestListener {
  const app = express();
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  app.get('/v1/books', async (req, res, next) => {
    try {
      const full = req.query.include === 'author,publisher,comments';
      const page = Math.max(1, Number(req.query.page ?? 1) || 1);
      const perPage = full ? Math.min(100, Math.max(1, Number(req.query.per_page ?? 5) || 5)) : 5;
      const [books, [{ count }]] = await Promise.all([
        sequelize.query<Row>(
          'SELECT id, title, description, published_at, out_of_print, draft, editor_id, cost, author_id, publisher_id, created_at FROM books ORDER BY created_at DESC, id DESC LIMIT :limit OFFSET :offset',
          { type: QueryTypes.SELECT, raw: true, replacements: { limit: perPage, offset: (page - 1) * perPage } },
        ),
        sequelize.query<{ count: number | string }>('SELECT count(*) AS count FROM books', { type: QueryTypes.SELECT, raw: true }),
      ]);
      const ids = books.map((book) => book.id);
      const [authors, publishers, comments] = await Promise.all([
        byId(
          sequelize,
          'SELECT id, name, email, created_at FROM authors WHERE id IN (:ids)',
          books.map((book) => book.author_id),
        ),
        full
          ? byId(
              sequelize,
              'SELECT id, name, created_at FROM publishers WHERE id IN (:ids)',
              books.map((book) => book.publisher_id),
            )
          : new Map<number, Row>(),
        full && ids.length > 0
          ? sequelize.query<Row>(
              'SELECT id, book_id, body, rating, flagged, created_at FROM (SELECT id, book_id, body, rating, flagged, created_at, ROW_NUMBER() OVER (PARTITION BY book_id ORDER BY created_at DESC, id DESC) AS rn ' +
                'FROM comments WHERE book_id IN (:ids)) AS ranked WHERE rn <= 4 ORDER BY book_id, rn',
              { type: QueryTypes.SELECT, raw: true, replacements: { ids } },
            )
          : [],
      ]);
      const commentsByBook = new Map<number, Row[]>();
      for (const comment of comments) {
        const list = commentsByBook.get(Number(comment.book_id)) ?? [];
        list.push({ id: Number(comment.id), body: comment.body, rating: comment.rating, created: iso(comment.created_at), flagged: Boolean(comment.flagged) });
        commentsByBook.set(Number(comment.book_id), list);
      }
      const origin = `${req.protocol}://${req.get('host')}`;
      const data = books.map((book) => {
        const json: Row = bookJson(book, origin, authors.get(Number(book.author_id)));
        if (!full) return json;
        const publisher = publishers.get(Number(book.publisher_id));
        json.publisher = publisher ? publisherJson(publisher, origin) : null;
        const list = commentsByBook.get(Number(book.id)) ?? [];
        json.comments = list.length > 3 ? { data: list.slice(0, 3), meta: { limit: 3, offset: 0, more: true } } : { data: list };
        return json;
      });
      res.json({ data, meta: { pagination: pagination(req, origin, Number(count), books.length, page, perPage) } });
    } catch (error) {
      next(error);
    }
  });
  return app;
}

/** The `meta.pagination` block, its links keeping the request's other parameters. */
export function pagination(req: express.Request, origin: string, total: number, count: number, page: number, perPage: number) {
  const pageUrl = (n: number) => {
    const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    query.set('page', String(n));
    return `${origin}${req.path}?${query.toString()}`;
  };
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return {
    total,
    count,
    per_page: perPage,
    current_page: page,
    total_pages: totalPages,
    links: { ...(page > 1 ? { previous: pageUrl(page - 1) } : {}), ...(page < totalPages ? { next: pageUrl(page + 1) } : {}) },
  };
}
