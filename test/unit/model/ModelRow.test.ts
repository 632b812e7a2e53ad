import { expect } from 'chai';
import { DataTypes, Model, Sequelize } from 'sequelize';
import { ApiError, Transformer } from '../../../src';
import { Fieldset } from '../../../src/query/Fieldset';
import { fieldColumns } from '../../../src/transformer/fieldColumns';
import { attributeKeys } from '../../../src/model/attributeKeys';
import { isModel } from '../../../src/loader/isModel';
import { readPageAndCount, readRows, statementsKept } from '../../../src/loader/readPage';
import { selectModels } from '../../../src/loader/selectModels';
import { isModelRow, ModelRow, needsInstances, toModelRow } from '../../../src/model/ModelRow';

/** Columns and associations only: rows stand in for its instances. */
class Shelf extends Model {
  declare id: number;
  declare label: string;
  declare placedAt: Date;
}
/** A getter of its own on an attribute. */
class Shouted extends Model {}
/** A virtual attribute. */
class Described extends Model {}
/** A method of its own. */
class Counted extends Model {
  twice(): number {
    return 2 * (this.get('id') as number);
  }
}
/** An accessor of its own on the class. */
class Named extends Model {
  get display(): string {
    return `#${this.get('id') as number}`;
  }
}

describe('ModelRow: rows in place of model instances', () => {
  let sequelize: Sequelize;
  const statements: string[] = [];

  before(async () => {
    sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: (sql) => statements.push(sql) });
    const columns = { label: DataTypes.STRING, placedAt: { type: DataTypes.DATE, field: 'placed_at' } };
    Shelf.init(columns, { sequelize, tableName: 'shelves', paranoid: true });
    Shouted.init({ label: { type: DataTypes.STRING, get: () => 'LOUD' } }, { sequelize, tableName: 'shouted' });
    Described.init({ label: DataTypes.STRING, summary: { type: DataTypes.VIRTUAL, get: () => 'virtual' } }, { sequelize, tableName: 'described' });
    Counted.init({ label: DataTypes.STRING }, { sequelize, tableName: 'counted' });
    Named.init({ label: DataTypes.STRING }, { sequelize, tableName: 'named' });
    Shelf.hasMany(Counted, { foreignKey: 'shelfId' });
    await sequelize.sync();
    await Shelf.bulkCreate([1, 2, 3].map((id) => ({ id, label: `s${id}`, placedAt: new Date(Date.UTC(2024, 0, id)) })));
    await Shelf.destroy({ where: { id: 3 } });
    await Shouted.create({ id: 1, label: 'quiet' });
    await Described.create({ id: 1, label: 'told' });
  });
  after(() => sequelize.close());

  it('detects the models whose instances a row cannot stand in for: getters, virtual attributes, methods and accessors of their own', () => {
    // Shelf's association accessors (getCounteds, ...) are Sequelize's, not the model's own.
    expect(needsInstances(Shelf)).to.equal(false);
    expect([Shouted, Described, Counted, Named].map((model) => needsInstances(model))).to.deep.equal([true, true, true, true]);
  });

  it('reads like an instance: attributes, get(), get({ plain: true }), toJSON(), its model as constructor', () => {
    const row = toModelRow(Shelf, { id: 1, label: 's1' });
    expect(row.label).to.equal('s1');
    expect(row.get('label')).to.equal('s1');
    expect(row.get({ plain: true })).to.deep.equal({ id: 1, label: 's1' });
    expect(JSON.stringify(row)).to.equal('{"id":1,"label":"s1"}');
    expect(row.constructor).to.equal(Shelf);
    expect(isModelRow(row)).to.equal(true);
    expect(isModel(row)).to.equal(true);
    expect(row instanceof Shelf).to.equal(false);
  });

  it("is typed as the model's attributes with get() and toJSON(), not its methods (checked by tsc)", () => {
    const row: ModelRow<Shelf> = toModelRow(Shelf, { id: 1, label: 's1', placedAt: new Date(0) });
    const read: [number, string, Date, unknown] = [row.id, row.label, row.placedAt, row.get('label')];
    expect(read).to.deep.equal([1, 's1', new Date(0), 's1']);
    // @ts-expect-error a row has no save()
    expect(() => row.save()).to.throw(ApiError);
  });

  it('answers an instance method called on a row with RCA_ROW_NOT_INSTANCE, naming the model and the method', () => {
    const row = toModelRow(Shelf, { id: 1 }) as unknown as { save(): unknown; getCounteds(): unknown };
    for (const call of [() => row.save(), () => row.getCounteds()]) {
      expect(call).to.throw(ApiError).with.property('code', 'RCA_ROW_NOT_INSTANCE');
    }
    expect(() => row.getCounteds()).to.throw(/Shelf\.getCounteds\(\) was called on a row/);
  });

  it('reads rows typed as findAll() types them, and instances for a model that needs them', async () => {
    const sql = 'SELECT `id`, `label`, `placed_at` AS `placedAt` FROM `shelves` WHERE `id` = ?';
    const [row] = await selectModels(Shelf, sql, [1], { as: 'rows' });
    const [instance] = await Shelf.findAll({ where: { id: 1 } });
    expect(isModelRow(row)).to.equal(true);
    expect(row.placedAt).to.be.instanceOf(Date);
    expect(row.get({ plain: true })).to.deep.equal({ id: 1, label: 's1', placedAt: instance.placedAt });
    const [shouted] = await selectModels(Shouted, 'SELECT `id`, `label` FROM `shouted`', [], { as: 'rows' });
    expect(shouted).to.be.instanceOf(Shouted);
    expect(shouted.get('label')).to.equal('LOUD');
  });

  it('pages as findAndCountAll() does, soft-deleted rows left out, in one statement; other options are left to Sequelize', async () => {
    const where = { label: ['s1', 's2', 's3'] };
    for (const [as, limit, offset] of [
      ['rows', 1, 1],
      ['instances', 1, 1],
      ['rows', 5, 0],
      ['rows', undefined, undefined],
    ] as const) {
      statements.length = 0;
      const page = await readPageAndCount(Shelf, { where, order: [['placedAt', 'DESC']], limit, offset }, as);
      // The total is read in the page's own statement, and taken off its rows.
      expect(statements).to.have.length(1);
      const expected = await Shelf.findAndCountAll({ where, order: [['placedAt', 'DESC']], limit, offset });
      expect(page!.count).to.equal(expected.count).and.equal(2);
      expect(page!.rows.map((row) => row.get({ plain: true }))).to.deep.equal(expected.rows.map((row) => row.get({ plain: true })));
      expect(page!.rows.map((row) => Object.keys(row.get({ plain: true })))).to.deep.equal(expected.rows.map((row) => Object.keys(row.get({ plain: true }))));
    }
    // A page past the end has no row to read the total from: a count of its own tells it. The first
    // page of nothing is 0 without one.
    statements.length = 0;
    const past = await readPageAndCount(Shelf, { where, order: [['id', 'ASC']], limit: 2, offset: 4 }, 'rows');
    expect([past!.rows.length, past!.count, statements.length]).to.deep.equal([0, 2, 2]);
    statements.length = 0;
    const none = await readPageAndCount(Shelf, { where: { label: 'none' }, limit: 2 }, 'rows');
    expect([none!.rows.length, none!.count, statements.length]).to.deep.equal([0, 0, 1]);
    expect(await readRows(Shelf, { order: [['label', 'ASC']], attributes: ['id'] }, 'rows')).to.have.length(2);
    // A function in the order, an include, a transaction of its own: Sequelize's findAll() writes those.
    expect(await readRows(Shelf, { order: [[sequelize.fn('lower', sequelize.col('label')), 'ASC']] }, 'rows')).to.equal(null);
    expect(await readRows(Shelf, { include: [Counted] }, 'rows')).to.equal(null);
    expect(await readRows(Shelf, { paranoid: false }, 'rows')).to.equal(null);
  });

  it('never selects a virtual attribute as a column: its instances read it from their getter', async () => {
    for (const as of ['rows', 'instances'] as const) {
      const [described] = (await readRows(Described, { order: [['id', 'ASC']] }, as))!;
      expect([described.get('label'), described.get('summary')]).to.deep.equal(['told', 'virtual']);
      const page = await readPageAndCount(Described, { limit: 5 }, as);
      expect([page!.count, page!.rows[0].get('summary')]).to.deep.equal([1, 'virtual']);
    }
    expect(statements.some((sql) => sql.includes('summary'))).to.equal(false);
    // A field read from it cannot be narrowed to columns: its getter may read any of them.
    class DescribedTransformer extends Transformer<Described> {
      columns: Transformer['columns'] = {};
      schema: Transformer['schema'] = { id: {}, summary: {} };
      transform = (described: Described) => ({ id: described.get('id'), summary: described.get('summary') });
    }
    class AboutTransformer extends DescribedTransformer {
      columns = { about: ['summary'] };
      schema = { id: {}, about: {} };
    }
    expect(fieldColumns(Described, new DescribedTransformer(), undefined)).to.equal(null);
    expect(fieldColumns(Described, new AboutTransformer(), undefined)).to.equal(null);
    // Nor is it a key to sort or filter by in SQL.
    expect([...attributeKeys(Described).keys()]).to.have.members(['id', 'label', 'createdAt', 'updatedAt']);
    expect(fieldColumns(Described, new DescribedTransformer(), new Fieldset('described', ['label']))).to.have.members(['id', 'label']);
  });

  it('keeps at most 256 statements per model, however many column lists and orders clients ask for', async () => {
    const attributes = ['label', 'placedAt', 'createdAt', 'updatedAt'];
    const lists = Array.from({ length: 16 }, (_, bits) => ['id', ...attributes.filter((_, i) => bits & (1 << i))]);
    const orders = ['id', ...attributes].flatMap((attribute) => [
      [[attribute, 'ASC']],
      [[attribute, 'DESC']],
      [
        [attribute, 'DESC'],
        ['id', 'ASC'],
      ],
      [
        [attribute, 'ASC'],
        ['id', 'DESC'],
      ],
    ]);
    for (const list of lists) for (const order of orders) expect(await readRows(Shelf, { attributes: list, order }, 'rows')).to.have.length(2);
    expect(lists.length * orders.length).to.be.greaterThan(256);
    expect(statementsKept(Shelf)).to.equal(256);
  });
});
