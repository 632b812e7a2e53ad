import { expect } from 'chai';
import { loadRelated } from '../../../src/loader/loadRelated';
import { RelatedRef } from '../../../src/loader/RelatedRef';
import { exampleDatabase } from '../../fixture/database';
import { Author, Book, Comment } from '../../../example/models';

const sort = { params: { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const }, sortGiven: false, path: 'x' };

describe('loadRelated(): rows that belong to one parent', () => {
  before(() => exampleDatabase());

  const refsOf = (parents: object[], association: string) => parents.map((parent) => new RelatedRef(parent, association));

  it('marks has-many rows as their parent alone holds them, loaded by a query or already in memory', async () => {
    const queried = refsOf(await Book.findAll({ limit: 3 }), 'comments');
    const inMemory = refsOf(await Book.findAll({ include: [Comment], limit: 3 }), 'comments');
    await loadRelated([...queried, ...inMemory], sort);
    for (const ref of [...queried, ...inMemory]) {
      expect(ref.exclusive, ref.association).to.equal(true);
      expect(ref.value).to.be.an('array');
    }
  });

  it('leaves belongs-to rows shareable: many parents may hold one author', async () => {
    const refs = refsOf(await Book.findAll({ limit: 4 }), 'author');
    await loadRelated(refs, sort);
    expect(refs.map((ref) => ref.exclusive)).to.deep.equal([false, false, false, false]);
    expect(refs.every((ref) => ref.value instanceof Author)).to.equal(true);
  });

  it('leaves a plain object parent shareable: nothing says who else holds its values', async () => {
    const refs = refsOf([{ comments: [{ id: 1 }] }], 'comments');
    await loadRelated(refs, sort);
    expect(refs[0].exclusive).to.equal(false);
    expect(refs[0].value).to.deep.equal([{ id: 1 }]);
  });
});
