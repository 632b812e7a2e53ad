import { expect } from 'chai';
import { DataTypes, Model, Sequelize } from 'sequelize';
import { selectModels } from '../../../src/loader/selectModels';

/** Every column type SQLite answers as text or needs parsed, under a field name unlike its attribute's. */
class Reading extends Model {}

describe('selectModels() on SQLite', () => {
  const statements: string[] = [];
  let sequelize: Sequelize;

  before(async () => {
    sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: (sql) => statements.push(sql) });
    Reading.init(
      {
        takenAt: { type: DataTypes.DATE, field: 'taken_at' },
        day: DataTypes.DATEONLY,
        payload: DataTypes.JSON,
        ratio: DataTypes.FLOAT,
        exact: DataTypes.DOUBLE,
        flagged: DataTypes.BOOLEAN,
        note: DataTypes.STRING,
      },
      { sequelize, tableName: 'readings' },
    );
    await sequelize.sync();
    await Reading.bulkCreate([
      {
        takenAt: new Date(Date.UTC(2024, 4, 1, 12, 30, 15, 250)),
        day: '2024-05-01',
        payload: { a: [1, 'x'] },
        ratio: 0.5,
        exact: Infinity,
        flagged: true,
        note: 'one',
      },
      { takenAt: null, day: null, payload: null, ratio: null, exact: null, flagged: null, note: null },
    ]);
  });
  after(() => sequelize.close());

  it('types every value as findAll() does, in models that are not new, and runs no PRAGMA', async () => {
    const expected = (await Reading.findAll({ order: [['id', 'ASC']] })).map((row) => row.get({ plain: true }));
    statements.length = 0;
    const sql =
      'SELECT `id`, `taken_at` AS `takenAt`, `day`, `payload`, `ratio`, `exact`, `flagged`, `note`, `createdAt`, `updatedAt` FROM `readings` WHERE `id` IN (?, ?) ORDER BY `id`';
    const rows = await selectModels(Reading, sql, [1, 2]);
    expect(statements).to.have.length(1);
    expect(rows.every((row) => row instanceof Reading && !row.isNewRecord && !row.changed())).to.equal(true);
    expect(rows.map((row) => row.get({ plain: true }))).to.deep.equal(expected);
    expect(rows[0].get('takenAt')).to.be.an.instanceOf(Date);
    expect(rows[0].get('payload')).to.deep.equal({ a: [1, 'x'] });
  });
});
