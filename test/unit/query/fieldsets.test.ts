import { expect } from 'chai';
import { ApiError, CollectionResource, MISSING, Transformer } from '../../../src';
import { EMPTY_INCLUDE_TREE } from '../../../src/query/IncludeTree';
import { exampleDatabase } from '../../fixture/database';
import { Fieldset } from '../../../src/query/Fieldset';
import { fieldColumns, keyAttributes } from '../../../src/transformer/fieldColumns';
import { parseFieldsets } from '../../../src/query/parseFieldsets';
import { resolveFields } from '../../../src/transformer/fieldValues';
import { IncludeWalk } from '../../../src/transformer/includeWalk';
import { serializers } from '../../../src/serializer/serializers';
import { converter } from '../../../src/response/convertBody';
import { Book } from '../../../example/models';
import { sqlRelationLoader } from '../../../src/loader/RelationLoader';

const defaults = { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const };
const fail = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('did not throw');
};

describe('sparse fieldsets: parsing', () => {
  it('reads fields[type]=a,b per type; an empty value asks for no field', () => {
    const sets = parseFieldsets(new URLSearchParams('fields[books]=title, published_at&fields[co-authors]=&include=x'));
    expect([...sets.keys()]).to.deep.equal(['books', 'co-authors']);
    expect(sets.get('books')!.names).to.deep.equal(['title', 'published_at']);
    expect(sets.get('books')!.has('publishedAt')).to.equal(true);
    expect(sets.get('co-authors')!.names).to.deep.equal([]);
  });

  it('answers 400 for a missing type, a bad name, a type given twice, and beyond its bounds', () => {
    for (const query of ['fields=title', 'fields[]=title', 'fields[books]=a b', 'fields[books]=a&fields[books]=b', `fields[books]=${'a,'.repeat(101)}a`]) {
      const error = fail(() => parseFieldsets(new URLSearchParams(query)));
      expect([error.code, error.status], query).to.deep.equal(['RCA_FIELDS_INVALID', 400]);
    }
    const many = Array.from({ length: 21 }, (_, i) => `fields[t${i}]=a`).join('&');
    expect(fail(() => parseFieldsets(new URLSearchParams(many))).code).to.equal('RCA_FIELDS_INVALID');
  });
});

class Narrow extends Transformer<Book> {
  availableIncludes = ['author'];
  columns: Transformer['columns'] = { created: ['createdAt'], link: ['id'] };
  calls = 0;
  transform(book: Book) {
    return { id: book.id, title: book.title, created: () => ++this.calls && book.createdAt.toISOString(), gone: this.when(false, 1) };
  }
  includeAuthor(book: Book) {
    return this.item(this.related(book, 'author'), (author: object) => ({ ...author }));
  }
}

describe('sparse fieldsets: fields and columns', () => {
  before(() => exampleDatabase());

  it('resolveFields computes lazy values, drops MISSING, and keeps only what keep() accepts', () => {
    let calls = 0;
    const fields = { id: 1, a: () => ++calls, b: MISSING, c: 'x' };
    expect(resolveFields(fields, null)).to.deep.equal({ id: 1, a: 1, c: 'x' });
    expect(resolveFields(fields, (key) => key !== 'a')).to.deep.equal({ id: 1, c: 'x' });
    expect(calls).to.equal(1);
    const plain = { id: 1 };
    expect(resolveFields(plain, null)).to.equal(plain);
  });

  it('IncludeWalk keeps the asked fields and the id, and computes no lazy field it leaves out', async () => {
    const transformer = new Narrow();
    const books = [Book.build({ id: 1, title: 'T', createdAt: new Date(0) })];
    const fieldsets = new Map([['books', new Fieldset('books', ['title'])]]);
    const out = await new IncludeWalk({ loader: sqlRelationLoader, tree: EMPTY_INCLUDE_TREE, defaults, fieldsets }).run(
      new CollectionResource(books, transformer, 'books'),
    );
    expect(out.kind === 'collection' && out.items[0].fields).to.deep.equal({ id: 1, title: 'T' });
    expect(transformer.calls).to.equal(0);
  });

  it('without a fieldset the serializers compute lazy values and drop MISSING ones as they convert the fields', async () => {
    const transformer = new Narrow();
    const books = [Book.build({ id: 1, title: 'T', createdAt: new Date(0) })];
    const out = await new IncludeWalk({ loader: sqlRelationLoader, tree: EMPTY_INCLUDE_TREE, defaults }).run(
      new CollectionResource(books, transformer, 'books'),
    );
    const convert = converter('snake', 'iso8601');
    expect(serializers.array.document(out, null, null, convert)).to.deep.equal({ data: [{ id: 1, title: 'T', created: '1970-01-01T00:00:00.000Z' }] });
    const jsonApi = serializers['json-api'].document(out, null, null, convert) as { data: Array<{ attributes: object }> };
    expect(jsonApi.data[0].attributes).to.deep.equal({ title: 'T', created: '1970-01-01T00:00:00.000Z' });
    expect(transformer.calls).to.equal(2);
  });

  it('IncludeWalk refuses a field the type does not have, naming the allowed ones as the client spells them', async () => {
    const fieldsets = new Map([['books', new Fieldset('books', ['title', 'nope'])]]);
    const scope = new IncludeWalk({ loader: sqlRelationLoader, tree: EMPTY_INCLUDE_TREE, defaults, fieldsets, displayKey: (key) => key.toUpperCase() });
    const error = await scope.run(new CollectionResource([Book.build({ id: 1, title: 'T' })], new Narrow(), 'books')).catch((e: ApiError) => e);
    expect((error as ApiError).code).to.equal('RCA_FIELDS_INVALID');
    expect((error as ApiError).message).to.contain('"nope" is not a field of books; allowed: ID, TITLE, CREATED, GONE, AUTHOR');
  });

  it('fieldColumns: keys, the asked fields by name or by columns, nothing for relationships; null when it cannot tell', () => {
    expect(keyAttributes(Book)).to.have.members(['id', 'authorId', 'publisherId']);
    expect(fieldColumns(Book, new Narrow(), new Fieldset('books', ['title', 'created', 'author']))).to.have.members([
      'id',
      'authorId',
      'publisherId',
      'title',
      'createdAt',
    ]);
    expect(fieldColumns(Book, new Narrow(), new Fieldset('books', ['published_at']))).to.have.members(['id', 'authorId', 'publisherId', 'publishedAt']);
    expect(fieldColumns(Book, new Narrow(), new Fieldset('books', ['computed']))).to.equal(null);
    expect(fieldColumns(Book, new Narrow(), undefined)).to.equal(null);
    class Undeclared extends Narrow {
      columns = null;
    }
    expect(fieldColumns(Book, new Undeclared(), new Fieldset('books', ['title']))).to.equal(null);
    expect(fieldColumns(Book, (book: Book) => ({ id: book.id }), new Fieldset('books', ['title']))).to.equal(null);
  });

  it('fieldColumns without a fieldset: the columns of every schema field, once a transformer declares both columns and schema', () => {
    class Described extends Narrow {
      schema = { id: {}, title: {}, created: {}, link: {}, author: {} };
    }
    const expected = ['id', 'authorId', 'publisherId', 'title', 'createdAt'];
    expect(fieldColumns(Book, new Described(), undefined)).to.have.members(expected);
    // Worked out once per schema and model, handed out as a copy the caller may change.
    const first = fieldColumns(Book, new Described(), undefined)!;
    first.push('cost');
    expect(fieldColumns(Book, new Described(), undefined)).to.have.members(expected);
    // Another columns declaration on the same schema object is worked out again.
    const schema = { id: {}, stamp: {} };
    class Stamped extends Narrow {
      schema = schema;
      columns = { stamp: ['updatedAt'] };
    }
    class Versioned extends Narrow {
      schema = schema;
      columns = { stamp: ['version'] };
    }
    expect(fieldColumns(Book, new Stamped(), undefined))
      .to.include('updatedAt')
      .and.not.include('version');
    expect(fieldColumns(Book, new Versioned(), undefined))
      .to.include('version')
      .and.not.include('updatedAt');
    // A schema field it cannot map, a field read from an attribute without a column, or no columns: every column.
    class Computed extends Narrow {
      schema = { id: {}, computed: {} };
    }
    class Uncolumned extends Narrow {
      schema = { id: {}, shown: {} };
      columns = { shown: ['notAColumn'] };
    }
    class Undeclared extends Described {
      columns = null;
    }
    expect(fieldColumns(Book, new Computed(), undefined)).to.equal(null);
    expect(fieldColumns(Book, new Uncolumned(), undefined)).to.equal(null);
    expect(fieldColumns(Book, new Uncolumned(), new Fieldset('books', ['shown']))).to.equal(null);
    expect(fieldColumns(Book, new Undeclared(), undefined)).to.equal(null);
  });
});
