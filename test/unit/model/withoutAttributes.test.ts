import { expect } from 'chai';
import { Book } from '../../../example/models';
import { CollectionResource, parseIncludes, Transformer } from '../../../src';
import { toModelRow } from '../../../src/model/ModelRow';
import { withoutAttributes } from '../../../src/model/withoutAttributes';
import { IncludeWalk } from '../../../src/transformer/includeWalk';
import { sqlRelationLoader } from '../../../src/loader/RelationLoader';
import type { AccessView } from '../../../src/transformer/AccessView';
import { exampleDatabase } from '../../fixture/database';

const HIDDEN = new Set(['description']);

/** A transformer that makes fields of a hidden attribute under other names, every way a model can be read. */
class LeakyBooks extends Transformer<Book> {
  transform(book: Book) {
    return {
      id: book.id,
      blurb: book.description ?? null,
      viaGet: book.get<'description'>('description') ?? null,
      viaJson: book.toJSON().description ?? null,
      viaValues: (book.dataValues as { description?: string }).description ?? null,
      title: book.title,
    };
  }
}

describe('withoutAttributes()', () => {
  before(() => exampleDatabase());

  it('hides the attributes from a row and from an instance, every way they are read, and leaves the record itself alone', async () => {
    const instance = (await Book.findByPk(1))!;
    const row = toModelRow(Book, { ...instance.get({ plain: true }) });
    for (const record of [instance, row]) {
      const masked = withoutAttributes(record as Book, HIDDEN);
      expect(masked.description).to.equal(undefined);
      expect(masked.get<'description'>('description')).to.equal(undefined);
      expect(masked.toJSON().description).to.equal(undefined);
      expect(masked.title).to.equal(instance.title);
      expect(masked.constructor).to.equal(Book);
      expect(record.description, 'the record read is not changed').to.equal(instance.description);
    }
    expect(withoutAttributes(instance, new Set())).to.equal(instance);
  });

  it('answers a record read without the hidden attributes as it is (nothing to mask, nothing copied)', async () => {
    const instance = (await Book.findByPk(1, { attributes: ['id', 'title'] }))!;
    const row = toModelRow(Book, { id: 1, title: instance.title });
    for (const record of [instance, row]) expect(withoutAttributes(record as Book, HIDDEN)).to.equal(record);
  });

  it('in the walk, no field is made of a hidden attribute, whatever it is named (rows and instances)', async () => {
    const access: AccessView = {
      modelOf: () => Book,
      hidden: (model) => (model === Book ? HIDDEN : new Set()),
      hiddenRelations: () => new Set(),
      readOnly: () => new Set(),
    };
    const instances = await Book.findAll({ where: { id: [1, 2] }, order: [['id', 'ASC']] });
    const rows = instances.map((book) => toModelRow(Book, { ...book.get({ plain: true }) }));
    const defaults = { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const };
    const tree = parseIncludes('', { defaults, maxDepth: 5, maxLimit: 10, maxPaths: 5 });
    for (const books of [instances, rows]) {
      const out = await new IncludeWalk({ loader: sqlRelationLoader, tree, defaults, access }).run(new CollectionResource(books, new LeakyBooks()));
      const items = (out as { items: Array<{ fields: Record<string, unknown> }> }).items.map((item) => item.fields);
      expect(items.map((fields) => [fields.blurb, fields.viaGet, fields.viaJson, fields.viaValues])).to.deep.equal([
        [null, null, null, null],
        [null, null, null, null],
      ]);
      expect(items.map((fields) => fields.title)).to.deep.equal(instances.map((book) => book.title));
    }
  });
});
