import { expect } from 'chai';
import { Op, Sequelize } from 'sequelize';
import { Book } from '../../../example/models';
import { whereCondition } from '../../../src/loader/whereCondition';
import { exampleDatabase } from '../../fixture/database';

/** Counts the conditions Sequelize's generator writes from now on, until restore(). */
function countWrites(): { readonly count: number; restore(): void } {
  const writer = Book.sequelize!.getQueryInterface().queryGenerator as { getWhereConditions(...args: unknown[]): string };
  const own = Object.getOwnPropertyDescriptor(writer, 'getWhereConditions');
  const original = writer.getWhereConditions.bind(writer);
  const counter = {
    count: 0,
    restore() {
      if (own) Object.defineProperty(writer, 'getWhereConditions', own);
      else delete (writer as Partial<typeof writer>).getWhereConditions;
    },
  };
  writer.getWhereConditions = (...args: unknown[]) => {
    counter.count++;
    return original(...args);
  };
  return counter;
}

describe('whereCondition()', () => {
  before(() => exampleDatabase());

  it('writes what Sequelize writes, attributes mapped to columns, and writes it once for the same where', () => {
    const first = whereCondition(Book, { authorId: { [Op.gt]: 2 }, outOfPrint: false }, '`Book`');
    expect(first).to.match(/`Book`\.`author_id` > 2/);
    expect(first).to.match(/`Book`\.`out_of_print` = 0/);
    const writes = countWrites();
    try {
      // The same condition, in new objects: kept. Another value, another alias, a literal: written.
      expect(whereCondition(Book, { authorId: { [Op.gt]: 2 }, outOfPrint: false }, '`Book`')).to.equal(first);
      expect(writes.count).to.equal(0);
      expect(whereCondition(Book, { authorId: { [Op.gt]: 3 }, outOfPrint: false }, '`Book`')).to.match(/`author_id` > 3/);
      expect(whereCondition(Book, { authorId: { [Op.gt]: 2 }, outOfPrint: false }, '`b`')).to.match(/^\(`b`\.`author_id` > 2/);
      expect(writes.count).to.equal(2);
      const unnamed = { [Op.and]: [Sequelize.where(Sequelize.col('author_id'), 2)] };
      expect(whereCondition(Book, unnamed, '`Book`')).to.match(/`author_id` = 2/);
      const once = writes.count;
      expect(whereCondition(Book, unnamed, '`Book`')).to.match(/`author_id` = 2/);
      expect(writes.count).to.be.greaterThan(once);
      // A compiled filter is a literal: named by its text, written once.
      const filter = { [Op.and]: [Sequelize.literal("`Book`.`title` = 'kept'")] };
      const written = whereCondition(Book, filter, '`Book`');
      const before = writes.count;
      expect(whereCondition(Book, { [Op.and]: [Sequelize.literal("`Book`.`title` = 'kept'")] }, '`Book`')).to.equal(written);
      expect(writes.count).to.equal(before);
    } finally {
      writes.restore();
    }
  });

  it('keeps what is used when a client fills it with distinct filters: the least recently used goes', () => {
    const writes = countWrites();
    try {
      // A condition first met after a client's filters filled the store is kept all the same.
      const hot = { draft: false, authorId: 7 };
      for (let i = 0; i < 600; i++) {
        whereCondition(Book, { [Op.and]: [Sequelize.literal(`\`Book\`.\`title\` = 'client ${i}'`)] }, '`Book`');
        if (i >= 300 && i % 50 === 0) whereCondition(Book, hot, '`Book`');
      }
      const before = writes.count;
      whereCondition(Book, hot, '`Book`');
      expect(writes.count, 'the hot condition is still kept').to.equal(before);
      whereCondition(Book, { [Op.and]: [Sequelize.literal("`Book`.`title` = 'client 0'")] }, '`Book`');
      expect(writes.count, 'the oldest filter was dropped').to.equal(before + 1);
    } finally {
      writes.restore();
    }
  });
});
