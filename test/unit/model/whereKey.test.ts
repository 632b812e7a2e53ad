import { expect } from 'chai';
import { Op, Sequelize } from 'sequelize';
import { whereKey } from '../../../src/model/whereKey';

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

  it('names a literal by its text (a compiled filter is one), which is the SQL it writes', () => {
    const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
    const filter = (sql: string) => ({ [Op.and]: [sequelize.literal(sql)] });
    expect(whereKey(filter("`Book`.`title` = 'a'"))).to.equal(whereKey(filter("`Book`.`title` = 'a'")));
    const keys = [
      filter("`Book`.`title` = 'a'"),
      filter("`Book`.`title` = 'b'"),
      { title: "`Book`.`title` = 'a'" },
      { [Op.and]: ["`Book`.`title` = 'a'"] },
    ].map(whereKey);
    expect(new Set(keys).size).to.equal(4);
  });

  it('gives none to what it cannot name: functions, models, other symbols, undefined, deep nesting', () => {
    const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
    let deep: Record<string, unknown> = { id: 1 };
    for (let i = 0; i < 20; i++) deep = { [Op.and]: [deep] };
    for (const where of [
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
