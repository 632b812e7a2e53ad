import { expect } from 'chai';
import { CollectionResource, ItemResource, parseIncludes, resolveConfig } from '../../../src';
import { RelatedRef } from '../../../src/loader/RelatedRef';
import { sqlRelationLoader } from '../../../src/loader/RelationLoader';
import { converter } from '../../../src/response/convertBody';
import { IncludeWalk } from '../../../src/transformer/includeWalk';
import { NullResource } from '../../../src/transformer/Resource';
import { joinParts, WALK_PART, walkParts } from '../../../src/transformer/walkParts';
import { serializers } from '../../../src/serializer/serializers';
import { createContext } from '../../../src/context/createContext';
import { requestStorage } from '../../../src/context/RequestContext';
import { RouteRegistry } from '../../../src/routing/RouteRegistry';
import { Book } from '../../../example/models';
import { exampleDatabase, exampleQueries } from '../../fixture/database';
import { BookTransformer } from '../../fixture/transformers';

const transformer = new BookTransformer();
const numbers = (count: number) => Array.from({ length: count }, (_, i) => ({ id: i + 1 }));

describe('walkParts()', () => {
  it('cuts a collection of more than WALK_PART models into parts of WALK_PART, in order, keeping its transformer and key', () => {
    const models = numbers(2 * WALK_PART + 200);
    const parts = walkParts(new CollectionResource(models, transformer, 'books'));
    expect(parts.map((part) => (part as CollectionResource).data as unknown[]).map((data) => data.length)).to.deep.equal([WALK_PART, WALK_PART, 200]);
    expect(parts.flatMap((part) => (part as CollectionResource).data as unknown[])).to.deep.equal(models);
    for (const part of parts) expect(part).to.include({ kind: 'collection', transformer, resourceKey: 'books' });
  });

  it('answers a collection of at most WALK_PART models (or `size`) as it is', () => {
    const resource = new CollectionResource(numbers(WALK_PART), transformer);
    expect(walkParts(resource)).to.deep.equal([resource]);
    expect(walkParts(resource, 200)).to.have.length(3);
    expect(walkParts(resource, Infinity)[0]).to.equal(resource);
  });

  it('reads an iterable other than an array once, and hands its models on as an array', () => {
    let reads = 0;
    const once = {
      *[Symbol.iterator]() {
        reads++;
        yield* numbers(3);
      },
    };
    const [part] = walkParts(new CollectionResource(once, transformer));
    expect(reads).to.equal(1);
    expect((part as CollectionResource).data).to.deep.equal(numbers(3));
  });

  it('answers an item, a null and a relation still to load as one part', () => {
    for (const resource of [
      new ItemResource({ id: 1 }, transformer),
      new NullResource(),
      new CollectionResource(new RelatedRef({}, 'comments'), transformer),
    ]) {
      expect(walkParts(resource)).to.deep.equal([resource]);
    }
  });

  it('joins the parts of a collection in order; one part is answered as it is', () => {
    const one = [{ fields: { id: 1 } }] as never;
    expect(joinParts([one])).to.equal(one);
    expect(joinParts([[1, 2], [3]] as never)).to.deep.equal([1, 2, 3]);
  });
});

describe('IncludeWalk#run() in parts', () => {
  before(() => exampleDatabase());

  const defaults = { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const };
  const routes = new RouteRegistry();
  routes.add({ name: 'v1.books.show', method: 'GET', path: '/v1/books/:id' });
  const app = { framework: 'express' as const, config: resolveConfig({}, {}), routes, listener: () => () => undefined };

  /** The array document of the walk over `books` with `partSize`, its statements and the resources it counted. */
  async function walk(books: Book[], partSize: number) {
    const tree = parseIncludes('author.books:limit(2|0):sort(id|asc),comments:limit(2|1):sort(id|asc)', {
      defaults,
      maxDepth: 10,
      maxLimit: 100,
      maxPaths: 20,
    });
    const scope = new IncludeWalk({ loader: sqlRelationLoader, tree, defaults, partSize });
    let text = '';
    const statements = await exampleQueries(() =>
      requestStorage.run(createContext(app, { method: 'GET', url: '/', headers: {}, protocol: 'http', host: 'h' }), async () => {
        const document = serializers.array.document(
          await scope.run(new CollectionResource(books, new BookTransformer())),
          null,
          null,
          converter('snake', 'iso8601'),
        );
        text = JSON.stringify(document);
      }),
    );
    return { text, statements: statements.length, resources: scope.resources };
  }

  it('sends what the walk of the whole collection sends, counting the same resources, with each level read per part', async () => {
    const books = await Book.findAll({ order: [['id', 'ASC']], limit: 10 });
    const whole = await walk(books, Infinity);
    const parts = await walk(books, 4);
    expect(parts.text).to.equal(whole.text);
    expect(parts.resources).to.equal(whole.resources);
    // author, the author's books and comments: three statements for the whole, three for each of 3 parts.
    expect([whole.statements, parts.statements]).to.deep.equal([3, 9]);
  });
});
