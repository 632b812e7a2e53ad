import { expect } from 'chai';
import { attributeKeys } from '../../../src/model/attributeKeys';
import { fieldAttribute } from '../../../src/model/fieldAttribute';
import { Book, BookGenre } from '../../../example/models';
import { exampleDatabase } from '../../fixture/database';

describe('attributeKeys()', () => {
  before(() => exampleDatabase());

  it('maps each attribute to its column, once per model', () => {
    const keys = attributeKeys(Book);
    expect(keys.get('publishedAt')).to.equal('published_at');
    expect(keys.get('id')).to.equal('id');
    expect(attributeKeys(Book)).to.equal(keys);
    expect([...attributeKeys(BookGenre).keys()]).to.include.members(['bookId', 'genreId', 'primary']);
  });
});

describe('fieldAttribute()', () => {
  before(() => exampleDatabase());

  it('finds the attribute a request field names, by attribute or column, in any spelling', () => {
    for (const field of ['published_at', 'publishedAt', 'PublishedAt', 'published-at']) expect(fieldAttribute(Book, field), field).to.equal('publishedAt');
    expect(fieldAttribute(Book, 'author_id')).to.equal('authorId');
    expect(fieldAttribute(Book, 'nowhere')).to.equal(undefined);
  });

  it("takes a transformer's columns first when they map the field to one attribute, not when to several", () => {
    const transformer = { columns: { created: ['createdAt'], published: ['publishedAt', 'createdAt'] } };
    expect(fieldAttribute(Book, 'created', transformer)).to.equal('createdAt');
    expect(fieldAttribute(Book, 'published', transformer)).to.equal(undefined);
    expect(fieldAttribute(Book, 'title', transformer)).to.equal('title');
  });
});
