import { expect } from 'chai';
import type { Model, ModelStatic } from 'sequelize';
import { keptStatement, lastText, MAX_STATEMENTS_PER_MODEL, statementsKept } from '../../../src/loader/statementCache';

/** A stand-in model: the cache only keys by the object. */
const model = () => ({}) as unknown as ModelStatic<Model>;

describe('statementCache', () => {
  it('writes a statement once per model and key, and again for another key or model', () => {
    const [first, second] = [model(), model()];
    let writes = 0;
    const write = () => ({ sql: `SELECT ${++writes}` });
    const kept = keptStatement(first, 'a', write);
    expect(keptStatement(first, 'a', write)).to.equal(kept);
    expect(keptStatement(first, 'b', write).sql).to.equal('SELECT 2');
    expect(keptStatement(second, 'a', write).sql).to.equal('SELECT 3');
    expect(writes).to.equal(3);
    expect(statementsKept(first)).to.equal(2);
  });

  it(`keeps at most ${MAX_STATEMENTS_PER_MODEL} a model, and still writes the ones past it`, () => {
    const target = model();
    for (let i = 0; i < MAX_STATEMENTS_PER_MODEL + 10; i++) expect(keptStatement(target, `k${i}`, () => `SELECT ${i}`)).to.equal(`SELECT ${i}`);
    expect(statementsKept(target)).to.equal(MAX_STATEMENTS_PER_MODEL);
    let writes = 0;
    keptStatement(target, 'past', () => `SELECT ${++writes}`);
    keptStatement(target, 'past', () => `SELECT ${++writes}`);
    expect(writes, 'not kept: written each time').to.equal(2);
  });

  it('starts again for a model bound to another Sequelize since (its dialect quotes differently)', () => {
    const target = { sequelize: { name: 'sqlite' } } as unknown as ModelStatic<Model>;
    expect(keptStatement(target, 'table', () => '`books`')).to.equal('`books`');
    (target as unknown as { sequelize: object }).sequelize = { name: 'postgres' };
    expect(keptStatement(target, 'table', () => '"books"')).to.equal('"books"');
    expect(statementsKept(target)).to.equal(1);
  });

  it('lastText writes the text again only when the number of keys changes', () => {
    const counts: number[] = [];
    const sql = lastText((count) => {
      counts.push(count);
      return `IN (${new Array(count).fill('?').join(', ')})`;
    });
    expect([sql(3), sql(3), sql(2), sql(2), sql(3)]).to.deep.equal(['IN (?, ?, ?)', 'IN (?, ?, ?)', 'IN (?, ?)', 'IN (?, ?)', 'IN (?, ?, ?)']);
    expect(counts).to.deep.equal([3, 2, 3]);
  });
});
