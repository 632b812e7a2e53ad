import { expect } from 'chai';
import { Op, Sequelize } from 'sequelize';
import { Book } from '../../../example/models';
import { whereCondition } from '../../../src/loader/whereCondition';
import { whereKey } from '../../../src/loader/whereKey';
import { exampleDatabase } from '../../fixture/database';

describe('whereKey()', () => {
  it('gives two wheres the same key only when they are the same condition, each value with its type', () => {
    const distinct = [
      { id: 0 },
      { id: '0' },
      { id: true },
      { id: 'true' },
      { id: null },
      { id: 'null' },
      { id: new Date(0) },
      { id: new Date(0).toISOString() },
      { id: { [Op.gt]: 0 } },
      { id: { gt: 0 } },
      { id: { [Op.gte]: 0 } },
      { id: [1, 2] },
      { id: { [Op.in]: [1, 2] } },
      { id: { [Op.in]: [12] } },
      { id: { [Op.in]: ['1,2'] } },
      { [Op.or]: [{ id: 1 }, { title: 'a' }] },
      { [Op.and]: [{ id: 1 }, { title: 'a' }] },
      { id: 1, title: 'a' },
      { 'id":1,"title': 'a' },
    ];
    const keys = distinct.map(whereKey);
    expect(keys.every((key) => typeof key === 'string')).to.equal(true);
    expect(new Set(keys).size).to.equal(distinct.length);
    expect(whereKey({ id: { [Op.gt]: 0 } })).to.equal(whereKey({ id: { [Op.gt]: 0 } }));
    expect(whereKey({ at: new Date(5) })).to.equal(whereKey({ at: new Date(5) }));
  });

  it('gives none to what it cannot name: literals, functions, models, other symbols, undefined, deep nesting', () => {
    const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
    let deep: Record<string, unknown> = { id: 1 };
    for (let i = 0; i < 20; i++) deep = { [Op.and]: [deep] };
    for (const where of [
      { id: sequelize.literal('1') },
      { id: sequelize.fn('lower', 'a') },
      { id: () => 1 },
      { [Symbol('gt')]: 1 },
      { id: undefined },
      { id: Buffer.from('a') },
      { id: 1n },
      deep,
    ]) {
      expect(whereKey(where), String(Reflect.ownKeys(where)[0].toString())).to.equal(undefined);
    }
  });
});

describe('whereCondition()', () => {
  before(() => exampleDatabase());

  it('writes what Sequelize writes, attributes mapped to columns, and writes it once for the same where', () => {
    const first = whereCondition(Book, { authorId: { [Op.gt]: 2 }, outOfPrint: false }, '`Book`');
    expect(first).to.match(/`Book`\.`author_id` > 2/);
    expect(first).to.match(/`Book`\.`out_of_print` = 0/);
    const writer = Book.sequelize!.getQueryInterface().queryGenerator as { getWhereConditions(...args: unknown[]): string };
    const own = Object.getOwnPropertyDescriptor(writer, 'getWhereConditions');
    const original = writer.getWhereConditions.bind(writer);
    let calls = 0;
    writer.getWhereConditions = (...args: unknown[]) => {
      calls++;
      return original(...args);
    };
    try {
      // The same condition, in new objects: kept. Another value, another alias, a literal: written.
      expect(whereCondition(Book, { authorId: { [Op.gt]: 2 }, outOfPrint: false }, '`Book`')).to.equal(first);
      expect(calls).to.equal(0);
      expect(whereCondition(Book, { authorId: { [Op.gt]: 3 }, outOfPrint: false }, '`Book`')).to.match(/`author_id` > 3/);
      expect(whereCondition(Book, { authorId: { [Op.gt]: 2 }, outOfPrint: false }, '`b`')).to.match(/^\(`b`\.`author_id` > 2/);
      expect(calls).to.equal(2);
      const unnamed = { [Op.and]: [Sequelize.where(Sequelize.col('author_id'), 2)] };
      expect(whereCondition(Book, unnamed, '`Book`')).to.match(/`author_id` = 2/);
      const once = calls;
      expect(whereCondition(Book, unnamed, '`Book`')).to.match(/`author_id` = 2/);
      expect(calls).to.be.greaterThan(once);
    } finally {
      if (own) Object.defineProperty(writer, 'getWhereConditions', own);
      else delete (writer as Partial<typeof writer>).getWhereConditions;
    }
  });
});
