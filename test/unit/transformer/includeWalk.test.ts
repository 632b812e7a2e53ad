import { expect } from 'chai';
import { CollectionResource, ItemResource, parseIncludes, resolveConfig, Transformer } from '../../../src';
import { IncludeWalk } from '../../../src/transformer/includeWalk';
import { serializers } from '../../../src/serializer/serializers';
import type { ArraySerializer } from '../../../src/serializer/ArraySerializer';
import type { DocumentWriter } from '../../../src/transformer/walkOptions';
import { converter } from '../../../src/response/convertBody';
import { exampleQueries, exampleDatabase } from '../../fixture/database';
import { Author, Book, Comment } from '../../../example/models';
import { AuthorTransformer, BookTransformer, CommentTransformer } from '../../fixture/transformers';
import { ItemMaker } from '../../../src/transformer/itemMaker';
import { createContext } from '../../../src/context/createContext';
import { requestStorage } from '../../../src/context/RequestContext';
import { RouteRegistry } from '../../../src/routing/RouteRegistry';
import { sqlRelationLoader } from '../../../src/loader/RelationLoader';

const defaults = { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const };
const include = (text: string) => parseIncludes(text, { defaults, maxDepth: 10, maxLimit: 100, maxPaths: 20 });

/** Counts the calls of one method of `target` (restore() puts it back). */
function countCalls(target: object, method: string): { calls: number; restore(): void } {
  const original = (target as Record<string, (...args: unknown[]) => unknown>)[method];
  const counter = {
    calls: 0,
    restore: () => Object.assign(target, { [method]: original }),
  };
  Object.assign(target, {
    [method](this: unknown, ...args: unknown[]) {
      counter.calls++;
      return original.apply(this, args);
    },
  });
  return counter;
}

/** Runs inside a request context so that BookTransformer's route() links resolve. */
function inRequest<T>(work: () => Promise<T>): Promise<T> {
  const routes = new RouteRegistry();
  routes.add({ name: 'v1.books.show', method: 'GET', path: '/v1/books/:id' });
  const app = { framework: 'express' as const, config: resolveConfig({}, {}), routes, listener: () => () => undefined };
  return requestStorage.run(createContext(app, { method: 'GET', url: '/', headers: {}, protocol: 'http', host: 'h' }), work);
}

describe('IncludeWalk#run()', () => {
  before(() => exampleDatabase());

  it('uses relations that are loaded already, applying limit and sort in memory, with no query', async () => {
    const books = await Book.findAll({ include: [Author, Comment], order: [['id', 'ASC']] });
    let out: any;
    const queries = await exampleQueries(() =>
      inRequest(async () => {
        const resource = new CollectionResource(books, new BookTransformer());
        out = serializers.array.document(
          await new IncludeWalk({ loader: sqlRelationLoader, tree: include('author,comments:limit(2|0):sort(id|asc)'), defaults }).run(resource),
          null,
          null,
          converter('snake', 'iso8601'),
        );
      }),
    );
    expect(queries).to.deep.equal([]);
    for (const book of out.data) {
      const expected = (await Comment.findAll({ where: { bookId: book.id }, order: [['id', 'ASC']], limit: 2 })).map((c) => Number(c.id));
      expect(book.comments.data.map((c: { id: number }) => c.id)).to.deep.equal(expected);
      expect(book.author.id).to.equal(books.find((row) => row.id === book.id)!.authorId);
    }
  });

  it("takes a collection include's default limit from the transformer's limits, unless the request gives limit(n)", async () => {
    class GenerousBooks extends BookTransformer {
      limits = { comments: 5 };
    }
    const books = await Book.findAll({ order: [['id', 'ASC']] });
    const counts = async (text: string) => {
      const out = await inRequest(() =>
        new IncludeWalk({ loader: sqlRelationLoader, tree: include(text), defaults }).run(new CollectionResource(books, new GenerousBooks())),
      );
      const document = serializers.array.document(out, null, null, converter('snake', 'iso8601')) as {
        data: Array<{ id: number; comments: { data: unknown[] } }>;
      };
      return Promise.all(
        document.data.map(async (book) => [
          book.comments.data.length,
          Math.min(await Comment.count({ where: { bookId: book.id } }), Number(text.match(/limit\((\d+)/)?.[1] ?? 5)),
        ]),
      );
    };
    for (const [sent, expected] of await counts('comments')) expect(sent).to.equal(expected);
    for (const [sent, expected] of await counts('comments:limit(2)')) expect(sent).to.equal(expected);
    expect(
      (await counts('comments')).some(([sent]) => sent > 3),
      'some book has more than the config default of 3',
    ).to.equal(true);
  });

  it('refuses includes on a resource without a transformer', async () => {
    const scope = new IncludeWalk({ loader: sqlRelationLoader, tree: include('author'), defaults });
    let caught: unknown;
    await scope.run(new CollectionResource([{ id: 1 }], undefined)).catch((error) => (caught = error));
    expect(String(caught)).to.match(/unknown include "author"; available: none/);
  });

  it('counts the parents and refuses a level whose limit could take the response over maxResources', async () => {
    const books = await Book.findAll({ include: [Author, Comment], order: [['id', 'ASC']], limit: 4 });
    const run = (maxResources: number) =>
      inRequest(() =>
        new IncludeWalk({ loader: sqlRelationLoader, tree: include('comments:limit(3)'), defaults, maxResources }).run(
          new CollectionResource(books, new BookTransformer()),
        ),
      );
    // 4 books + up to 3 comments each = 16, whatever the books hold.
    await run(16);
    let caught: any;
    await run(15).catch((error) => (caught = error));
    expect(caught).to.have.property('code', 'RCA_INCLUDE_BUDGET');
    expect(caught.status).to.equal(400);
    expect(caught.message).to.match(/up to 16 resources once "comments" is loaded, over the 15/);
  });

  describe('writer (the array envelopes write the document during the walk)', () => {
    const convert = converter('snake', 'iso8601');
    const tree = 'author.books:limit(1|0):sort(id|asc),comments:limit(1|0):sort(id|asc),comments:count,nothing,latest_comment';

    for (const name of ['array', 'data-array'] as const) {
      it(`sends the ${name} document the serializer makes of the walk's items, key order, cut collections and aggregates included`, async () => {
        const books = await Book.findAll({ order: [['id', 'ASC']], limit: 6 });
        const serializer = serializers[name] as ArraySerializer;
        const walk = (writer?: DocumentWriter) =>
          inRequest(() =>
            new IncludeWalk({ loader: sqlRelationLoader, tree: include(tree), defaults, writer }).run(new CollectionResource(books, new BookTransformer())),
          );
        const written = JSON.stringify(serializer.document(await walk(serializer.writer(convert)), null, null, convert));
        const serialized = JSON.stringify(serializer.document(await walk(), null, null, convert));
        expect(written).to.equal(serialized);
        // The tree reaches every kind of include: an item, a collection cut by its limit, a count, a null, a batch.
        const book = JSON.parse(written).data[0];
        expect(book).to.include.keys('author', 'comments', 'comments_count', 'nothing', 'latest_comment');
        expect(book.comments.meta).to.deep.equal({ limit: 1, offset: 0, more: true });
      });
    }

    it("sets includes into a copy of fields that are the transformer's own object, never into that object", async () => {
      const shared = Object.freeze({ id: 1, title: 'shared' });
      class SharedFields extends Transformer<Book> {
        availableIncludes = ['author'];
        transform() {
          return shared;
        }
        includeAuthor(book: Book) {
          return this.item(this.related(book, 'author'), new AuthorTransformer());
        }
      }
      const books = await Book.findAll({ order: [['id', 'ASC']], limit: 2 });
      const writer = (serializers.array as ArraySerializer).writer(convert);
      const out = await inRequest(() =>
        new IncludeWalk({ loader: sqlRelationLoader, tree: include('author'), defaults, writer }).run(new CollectionResource(books, new SharedFields())),
      );
      const document = serializers.array.document(out, null, null, convert) as { data: Array<{ author: { id: number } }> };
      expect(document.data.map((item) => item.author.id)).to.deep.equal(books.map((book) => book.authorId));
      expect(shared).to.deep.equal({ id: 1, title: 'shared' });
    });

    describe('a level nothing is attached to is written as its items are made', () => {
      /** An async transformer: its fields are awaited before they are sent. */
      const laterComments = { transform: (comment: Comment) => Promise.resolve(new CommentTransformer().transform(comment)) };
      class WithDefaults extends AuthorTransformer {
        defaultIncludes = ['books'];
      }
      class Mixed extends BookTransformer {
        /** Two transformers at one level: the odd books' authors include their books by default. */
        includeAuthor(book: Book) {
          return this.item(this.related(book, 'author'), book.id % 2 ? new WithDefaults() : new AuthorTransformer());
        }
        includeComments(book: Book) {
          return this.collection(this.related(book, 'comments'), laterComments);
        }
      }
      const walk = (books: Book[], text: string, writer?: DocumentWriter) =>
        inRequest(() => new IncludeWalk({ loader: sqlRelationLoader, tree: include(text), defaults, writer }).run(new CollectionResource(books, new Mixed())));

      for (const name of ['array', 'data-array'] as const) {
        it(`sends the ${name} document the serializer makes: async transformers, and a level where one transformer asks an include by default`, async () => {
          const books = await Book.findAll({ order: [['id', 'ASC']], limit: 6 });
          const serializer = serializers[name] as ArraySerializer;
          const text = 'author,comments:limit(2|0):sort(id|asc),latest_comment';
          const written = JSON.stringify(serializer.document(await walk(books, text, serializer.writer(convert)), null, null, convert));
          expect(written).to.equal(JSON.stringify(serializer.document(await walk(books, text), null, null, convert)));
          const sent = JSON.parse(written).data;
          expect(sent[0].author).to.have.property(name === 'array' ? 'books' : 'data');
          expect(sent.every((book: { comments: { data: unknown[] } }) => book.comments.data.length > 0)).to.equal(true);
        });
      }

      it('makes an item only for the models that get includes: the books, not their comments', async () => {
        const books = await Book.findAll({ order: [['id', 'ASC']], limit: 6 });
        const made = countCalls(ItemMaker.prototype, 'itemOf');
        try {
          await walk(books, 'comments', (serializers.array as ArraySerializer).writer(convert));
          expect(made.calls).to.equal(books.length);
          made.calls = 0;
          await walk(books, 'comments');
          expect(made.calls).to.be.greaterThan(books.length);
        } finally {
          made.restore();
        }
      });
    });
  });

  describe('shareDuplicates (JSON:API)', () => {
    /** Books each with an author instance of their own, authors 1 and 2 shared between them. */
    async function booksWithOwnAuthors() {
      const books = await Book.findAll({ include: [Author], order: [['id', 'ASC']], limit: 8 });
      expect(new Set(books.map((book) => book.author)).size).to.equal(books.length);
      return books;
    }

    class CountingAuthors extends AuthorTransformer {
      static calls = 0;
      transform(author: Author) {
        CountingAuthors.calls++;
        return super.transform(author);
      }
    }
    class BooksWithCountedAuthors extends BookTransformer {
      includeAuthor(book: Book) {
        return this.item(this.related(book, 'author'), new CountingAuthors(), 'authors');
      }
    }

    const document = async (books: Book[], shareDuplicates: boolean) => {
      CountingAuthors.calls = 0;
      const out = await inRequest(async () =>
        serializers['json-api'].document(
          await new IncludeWalk({ loader: sqlRelationLoader, tree: include('author.books'), defaults, shareDuplicates, alwaysKeep: ['id', 'link'] }).run(
            new CollectionResource(books, new BooksWithCountedAuthors(), 'books'),
          ),
          null,
          null,
          converter('snake', 'iso8601'),
        ),
      );
      return { out, calls: CountingAuthors.calls };
    };

    it('transforms a model met again at one level once, by class and primary key, and sends the same document', async () => {
      const books = await booksWithOwnAuthors();
      const authors = new Set(books.map((book) => book.authorId)).size;
      const shared = await document(books, true);
      const each = await document(books, false);
      expect(each.calls).to.equal(books.length);
      expect(shared.calls).to.equal(authors);
      expect(shared.out).to.deep.equal(each.out);
    });

    it('does not look has-many rows up (each belongs to one parent); a row two parents hold still goes out once', async () => {
      const all = await Book.findAll({ include: [Comment], order: [['id', 'ASC']] });
      const rows = all.find((book) => book.comments!.length >= 2)!.comments!.slice(0, 2);
      const books = all.slice(0, 2);
      // Two parents holding one row can only be made by hand: both books get the first one's comments.
      for (const book of books) book.setDataValue('comments', rows);
      let calls = 0;
      class CountedComment extends Transformer<Comment> {
        transform(comment: Comment) {
          calls++;
          return { id: Number(comment.id) };
        }
      }
      class CountingComments extends BookTransformer {
        includeComments(book: Book) {
          return this.collection(this.related(book, 'comments'), new CountedComment(), 'comments');
        }
      }
      const out: any = await inRequest(async () =>
        serializers['json-api'].document(
          await new IncludeWalk({ loader: sqlRelationLoader, tree: include('comments'), defaults, shareDuplicates: true, alwaysKeep: ['id', 'link'] }).run(
            new CollectionResource(books, new CountingComments(), 'books'),
          ),
          null,
          null,
          converter('snake', 'iso8601'),
        ),
      );
      expect(calls).to.equal(4);
      const ids = rows.map((row) => String(row.id)).sort();
      expect(out.included.map((resource: { type: string; id: string }) => `${resource.type}:${resource.id}`).sort()).to.deep.equal(
        ids.map((id) => `comments:${id}`),
      );
      for (const book of out.data) expect(book.relationships.comments.data.map((ref: { id: string }) => ref.id).sort()).to.deep.equal(ids);
    });

    it('shares any other value only when it is the same object', async () => {
      let calls = 0;
      const count = (writer: { id: number }) => {
        calls++;
        return { id: writer.id };
      };
      const same = { id: 1 };
      await new IncludeWalk({ loader: sqlRelationLoader, tree: include(''), defaults, shareDuplicates: true }).run(
        new CollectionResource([same, same, { id: 1 }], count, 'writers'),
      );
      expect(calls).to.equal(2);
    });

    it('shares across instances of one Transformer class, never across plain-object transformers', async () => {
      const books = await booksWithOwnAuthors();
      let calls = 0;
      class PlainAuthors extends BookTransformer {
        includeAuthor(book: Book) {
          const transformer = { transform: (author: Author) => (calls++, { id: Number(author.id) }) };
          return this.item(this.related(book, 'author'), transformer, 'authors');
        }
      }
      await inRequest(() =>
        new IncludeWalk({ loader: sqlRelationLoader, tree: include('author'), defaults, shareDuplicates: true }).run(
          new CollectionResource(books, new PlainAuthors(), 'books'),
        ),
      );
      expect(calls).to.equal(books.length);
    });
  });

  it('accepts every include name a transformer can declare, hyphens included (co-author)', async () => {
    class WriterTransformer extends Transformer<{ id: number; name: string }> {
      transform(writer: { id: number; name: string }) {
        return { id: writer.id, name: writer.name };
      }
    }
    class ArticleTransformer extends Transformer<{ id: number; coAuthor: { id: number; name: string } }> {
      availableIncludes = ['co-author'];
      transform(article: { id: number }) {
        return { id: article.id };
      }
      includeCoAuthor(article: { coAuthor: { id: number; name: string } }) {
        return this.item(article.coAuthor, new WriterTransformer());
      }
    }
    const article = new ItemResource({ id: 1, coAuthor: { id: 2, name: 'Grace' } }, new ArticleTransformer());
    const out = await new IncludeWalk({ loader: sqlRelationLoader, tree: include('co-author'), defaults }).run(article);
    expect(serializers.array.document(out, null, null, converter(null, null))).to.deep.equal({ id: 1, 'co-author': { id: 2, name: 'Grace' } });
    let caught: any;
    await new IncludeWalk({ loader: sqlRelationLoader, tree: include('co-editor'), defaults }).run(article).catch((error) => (caught = error));
    expect(caught.message).to.match(/unknown include "co-editor"; available: co-author/);
  });
});
