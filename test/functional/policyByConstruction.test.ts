import { expect } from 'chai';
import { IsInt } from 'class-validator';
import type { RequestListener } from 'node:http';
import express from 'express';
import Koa from 'koa';
import { Body, Get, JsonController, Param, Post } from 'routing-controllers';
import { Op } from 'sequelize';
import { Service } from 'typedi';
import { Paginated, Transformer as UseTransformer } from '../../decorators';
import { Author, Book, BookGenre, Comment, Genre } from '../../example/models';
import { CommentTransformer } from '../../example/transformers/CommentTransformer';
import { cursorPaginate, docsController, Exists, findOrFail, json, Transformer, useApi } from '../../src';
import type { TestResponse } from '../fixture/app';
import { exampleDatabase } from '../fixture/database';
import { ADMIN, policies, principal, READER, VISIBLE_BOOKS } from '../fixture/policies';
import { injectedFetch, TestFetch } from '../fixture/transport';
import { startExample } from './exampleServer';

class GenreTransformer extends Transformer<Genre> {
  transform(genre: Genre) {
    return { id: genre.id, name: genre.name };
  }
}

/**
 * A transformer whose include methods are of every kind an app writes, each naming Book.genres (hidden
 * from a reader by test/fixture/policies.ts), one querying comments for itself, and fields read from
 * eager loads: the caller's rules must hold through each, as they do through the toolkit's own reads.
 */
class ProbeBookTransformer extends Transformer<Book> {
  model = () => Book;
  availableIncludes = ['genres', 'shelf', 'labels', 'tags', 'commentsQueried'];

  transform(book: Book) {
    return {
      id: book.id,
      title: book.title,
      comment_count: this.whenLoaded(book, 'comments', (comments: Comment[]) => comments.length),
      comment_ratings: this.whenLoaded(book, 'comments', (comments: Comment[]) => comments.map((comment) => comment.rating ?? null)),
      author_email: this.whenLoaded(book, 'author', (author: Author | null) => author?.email ?? null),
      genre_names: this.whenLoaded(book, 'genres', (genres: Genre[]) => genres.map((genre) => genre.name)),
    };
  }

  /** An item method. */
  includeGenres(book: Book) {
    return this.collection(this.related(book, 'genres'), new GenreTransformer());
  }

  /** A batch method. */
  includeShelfBatch(books: Book[]) {
    return books.map((book) => this.collection(this.related(book, 'genres'), new GenreTransformer()));
  }

  /** An async method. */
  async includeLabels(book: Book) {
    await Promise.resolve();
    return this.collection(this.related(book, 'genres'), new GenreTransformer());
  }

  /** Names the relation only for a real book: learning it with a bare model finds nothing. */
  includeTags(book: Book) {
    return book.id ? this.collection(this.related(book, 'genres'), new GenreTransformer()) : this.null();
  }

  async includeCommentsQueried(book: Book) {
    return this.collection(await Comment.findAll({ where: { bookId: book.id }, order: [['id', 'ASC']] }), new CommentTransformer());
  }
}

class ReviewRequest {
  @IsInt() @Exists(() => Book) book_id!: number;
}

@Service()
@JsonController('/probe')
class ProbeController {
  @Get('/books/:id')
  @UseTransformer(ProbeBookTransformer, { resourceKey: 'books' })
  show(@Param('id') id: number) {
    return findOrFail(Book, id);
  }

  /** Ordered by an attribute a reader may not read. */
  @Get('/books-by-publication')
  @UseTransformer(ProbeBookTransformer, { resourceKey: 'books' })
  @Paginated({ perPage: 3, cursor: true })
  byPublication() {
    return cursorPaginate(Book, { order: [['publishedAt', 'DESC']] });
  }

  @Get('/books/:id/eager')
  @UseTransformer(ProbeBookTransformer, { resourceKey: 'books' })
  eager(@Param('id') id: number) {
    return findOrFail(Book, id, { include: [Comment, Author, Genre] });
  }

  @Get('/books/:id/lazy')
  async lazy(@Param('id') id: number) {
    const book = await Book.findByPk(id);
    if (!book) return json().setStatusCode(404).respond({ found: false });
    const comments = await book.$get('comments');
    const where = { bookId: id };
    const [count, highest, total] = [await Comment.count({ where }), await Comment.max('id', { where }), await Comment.sum('id', { where })];
    return json({ comments: comments.length, counted: count, highest, total });
  }

  @Post('/reviews')
  review(@Body() body: ReviewRequest) {
    return json({ book_id: body.book_id });
  }
}

/** The probe app on `framework`, under the fixture's policies, called in process. */
async function probeApp(framework: 'express' | 'koa'): Promise<TestFetch> {
  const sequelize = await exampleDatabase();
  const options = { controllers: [ProbeController, docsController({ path: '/probe' })], policies, principal, sequelize };
  const app = framework === 'express' ? useApi(express(), options) : useApi(new Koa(), options);
  const koa = framework === 'koa' ? (app as Koa).callback() : undefined;
  const listener: RequestListener = koa ? (req, res) => void koa(req, res) : (app as express.Express);
  return injectedFetch(listener, '127.0.0.1');
}

/** What an answer says, its request's include name put back as `{N}`. */
const withoutName = (res: TestResponse, name: string) => ({ status: res.status, body: JSON.parse(res.text.split(name).join('{N}')) as unknown });

const visibleComments = (bookId: number) => Comment.count({ where: { bookId, rating: { [Op.gte]: 3 } } });

for (const framework of ['express', 'koa'] as const) {
  describe(`The policy where statements and instances are made [${framework}]`, () => {
    let get: TestFetch;
    before(async () => {
      get = await probeApp(framework);
    });
    const asReader = (path: string) => get(path, READER);
    const kinds = { genres: 'an item', shelf: 'a batch', labels: 'an async', tags: 'a data-dependent' };
    for (const [include, kind] of Object.entries(kinds)) {
      it(`a hidden relation named by ${kind} include method is refused as an include that does not exist`, async () => {
        const hidden = await asReader(`/probe/books/2?include=${include}`);
        const unknown = await asReader('/probe/books/2?include=nosuch');
        expect(hidden.status, hidden.text).to.equal(400);
        expect(hidden.body.error.message).to.match(new RegExp(`^Invalid include parameter "${include}": unknown include "${include}"; available: `));
        expect(hidden.body.error.message.split('available: ')[1].split(', ')).not.to.include(include);
        expect(unknown.status).to.equal(400);
        expect(hidden.text).not.to.match(/Poetry|Essays|genre_names/);
        const counted = await asReader(`/probe/books/2?include=${include}:count`);
        expect(counted.status, counted.text).to.equal(400);
        const anonymous = await get(`/probe/books/2?include=${include}`);
        expect(anonymous.status, anonymous.text).to.equal(200);
      });
    }

    it("each caller's document offers no include through a hidden relation a method names, batch and async methods too", async () => {
      const includes = async (headers: Record<string, string>) => {
        const document = (await get('/probe/openapi.json', { headers })).body as {
          paths: Record<string, { get: { parameters: Array<{ name: string; schema: { items: { anyOf: Array<{ enum?: string[] }> } } }> } }>;
        };
        const parameter = document.paths['/probe/books/{id}'].get.parameters.find((candidate) => candidate.name === 'include')!;
        return parameter.schema.items.anyOf[0].enum;
      };
      expect(await includes({})).to.include.members(['genres', 'shelf', 'labels', 'commentsQueried']);
      const reader = await includes(READER.headers);
      expect(reader).to.include('commentsQueried');
      expect(reader).not.to.include.members(['genres']);
      expect(reader).not.to.include('shelf');
      expect(reader).not.to.include('labels');
    });

    it('an include method that queries for itself gets only the rows the caller may see, without hidden attributes', async () => {
      const res = await asReader('/probe/books/2?include=commentsQueried');
      expect(res.status, res.text).to.equal(200);
      const comments = res.body.comments_queried.data as Array<Record<string, unknown>>;
      expect(comments.length).to.equal(await visibleComments(2));
      expect(await Comment.count({ where: { bookId: 2 } })).to.be.greaterThan(comments.length);
      for (const comment of comments) expect(comment).not.to.have.property('rating');
      const admin = await get('/probe/books/2?include=commentsQueried', ADMIN);
      expect(admin.body.comments_queried.data.length).to.equal(await Comment.count({ where: { bookId: 2 } }));
    });

    it('eager loads and whenLoaded(): hidden rows not counted, hidden attributes not read, hidden relations not loaded', async () => {
      const res = await asReader('/probe/books/2/eager');
      expect(res.status, res.text).to.equal(200);
      expect(res.body.comment_count).to.equal(await visibleComments(2));
      expect(res.body.comment_ratings.every((rating: unknown) => rating === null)).to.equal(true);
      expect(res.body.author_email).to.equal(null);
      expect(res.body).not.to.have.property('genre_names');
      expect(res.text).not.to.match(/@/);
      const admin = await get('/probe/books/2/eager', ADMIN);
      expect(admin.body.comment_count).to.equal(await Comment.count({ where: { bookId: 2 } }));
      expect(admin.body.author_email).to.be.a('string');
      expect(admin.body.genre_names).to.be.an('array');
    });

    it("the app's own findByPk(), association getter, count(), max() and sum() read only the rows the caller may see", async () => {
      const hidden = await asReader(`/probe/books/${VISIBLE_BOOKS + 1}/lazy`);
      expect(hidden.status).to.equal(404);
      const res = await asReader('/probe/books/2/lazy');
      const visible = await Comment.findAll({ where: { bookId: 2, rating: { [Op.gte]: 3 } } });
      const ids = visible.map((comment) => comment.id);
      expect(res.body).to.deep.equal({ comments: ids.length, counted: ids.length, highest: Math.max(...ids), total: ids.reduce((a, b) => a + b, 0) });
      const admin = await get('/probe/books/2/lazy', ADMIN);
      expect(admin.body.counted).to.equal(await Comment.count({ where: { bookId: 2 } }));
    });

    it("an action's own order on a hidden attribute is refused as the client's sort on it would be", async () => {
      const res = await asReader('/probe/books-by-publication');
      expect(res.status, res.text).to.equal(400);
      expect(res.body.error.message).to.match(/^Invalid sort parameter "sort=published_at": "published_at" cannot be sorted by here/);
      const anonymous = await get('/probe/books-by-publication');
      expect(anonymous.status, anonymous.text).to.equal(200);
      expect(anonymous.body.meta.cursor.next).to.be.a('string');
    });

    it('@Exists() reads through the rows rule: an unseen id is answered as a missing one', async () => {
      const post = (id: number) =>
        get('/probe/reviews', { method: 'POST', headers: { ...READER.headers, 'content-type': 'application/json' }, body: JSON.stringify({ book_id: id }) });
      const unseen = await post(VISIBLE_BOOKS + 1);
      const missing = await post(999_999);
      expect(unseen.status, unseen.text).to.equal(422);
      expect(withoutName(unseen, String(VISIBLE_BOOKS + 1))).to.deep.equal(withoutName(missing, '999999'));
      expect((await post(2)).status).to.equal(200);
    });
  });
}

for (const framework of ['express', 'koa'] as const) {
  describe(`A relationship endpoint of a hidden relation (@Relationship) [${framework}]`, () => {
    let app: Awaited<ReturnType<typeof startExample>>;
    before(async () => {
      app = await startExample(framework, {}, { principal, policies });
    });
    after(() => app.close());

    const send = (method: string, path: string, headers: Record<string, string>) =>
      app.get(path, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify({ data: [{ type: 'genres', id: '3' }] }),
      });

    it('is answered to a reader as a route that does not exist, on every method, and writes nothing', async () => {
      const before = (await BookGenre.findAll({ where: { bookId: 1 }, order: [['genreId', 'ASC']] })).map((row) => row.genreId);
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
        const hidden = await send(method, '/v1/books/1/relationships/genres', READER.headers);
        const missing = await send(method, '/v1/books/1/relationships/zqnothing', READER.headers);
        expect(hidden.status, `${method}: ${hidden.text}`).to.equal(404);
        expect(hidden.text.replace('genres', '?'), method).to.equal(missing.text.replace('zqnothing', '?'));
      }
      expect((await BookGenre.findAll({ where: { bookId: 1 }, order: [['genreId', 'ASC']] })).map((row) => row.genreId)).to.deep.equal(before);
      const anonymous = await send('GET', '/v1/books/1/relationships/genres', {});
      expect(anonymous.status, anonymous.text).to.equal(200);
    });

    it("is not in the reader's document", async () => {
      const paths = async (headers: Record<string, string>) => Object.keys(((await app.get('/v1/openapi.json', { headers })).body as { paths: object }).paths);
      expect(await paths({})).to.include('/v1/books/{id}/relationships/genres');
      expect(await paths(READER.headers)).not.to.include('/v1/books/{id}/relationships/genres');
    });
  });
}
