import { expect } from 'chai';
import { DataTypes, Model, Sequelize } from 'sequelize';
import { findByKeys, selectModels } from '../../../src/loader/selectModels';

/** Every column type SQLite answers as text or needs parsed, under a field name unlike its attribute's. */
class Reading extends Model {}
/** Soft-deleted rows, a default scope, a find hook: what findByKeys() must honour as findAll() does. */
class Plain extends Model {}
class Scoped extends Model {}
class Hooked extends Model {}

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
    const attributes = { name: DataTypes.STRING, shown: { type: DataTypes.BOOLEAN, field: 'is_shown' } };
    Plain.init(attributes, { sequelize, tableName: 'plain', paranoid: true });
    Scoped.init(attributes, { sequelize, tableName: 'scoped', defaultScope: { where: { shown: true } } });
    Hooked.init(attributes, {
      sequelize,
      tableName: 'hooked',
      hooks: { afterFind: (rows) => void (rows as Hooked[]).forEach((row) => row.set('name', 'hooked')) },
    });
    await sequelize.sync();
    for (const model of [Plain, Scoped, Hooked] as Array<typeof Plain>) {
      await model.bulkCreate([1, 2, 3, 4].map((id) => ({ id, name: `n${id}`, shown: id % 2 === 0 })));
    }
    await Plain.destroy({ where: { id: 4 } });
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

  it('findByKeys() answers what findAll() does: soft-deleted rows left out, default scopes and find hooks applied', async () => {
    const plainOf = (rows: Model[]) => rows.map((row) => row.get({ plain: true })).sort((a, b) => a.id - b.id);
    for (const model of [Plain, Scoped, Hooked] as Array<typeof Plain>) {
      const expected = plainOf(await model.findAll({ where: { id: [1, 2, 3, 4] } }));
      statements.length = 0;
      expect(plainOf(await findByKeys(model, 'id', [1, 2, 3, 4], null)), model.name).to.deep.equal(expected);
      // Only a model without a scope or hook is read by the SELECT written here (findAll() aliases the table).
      expect(
        statements.some((sql) => sql.includes(`AS \`${model.name}\``)),
        model.name,
      ).to.equal(model !== Plain);
    }
    expect(plainOf(await findByKeys(Plain, 'id', [1, 2, 3, 4], ['name', 'id'])).map(Object.keys)).to.deep.equal([
      ['name', 'id'],
      ['name', 'id'],
      ['name', 'id'],
    ]);
  });
});
