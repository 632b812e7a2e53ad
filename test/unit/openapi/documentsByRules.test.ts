import { expect } from 'chai';
import { DataTypes, Model, Sequelize } from 'sequelize';
import { definePolicy } from '../../../src';
import type { AppState } from '../../../src/context/RequestContext';
import { documentForRules } from '../../../src/openapi/documentsByRules';

const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
class Note extends Model {}
Note.init({ title: DataTypes.STRING, body: DataTypes.STRING, secret: DataTypes.STRING, owner: DataTypes.INTEGER }, { sequelize, modelName: 'Note' });

type Caller = { role: 'reader' | 'admin'; id: number; hide?: string[] } | null;
const policy = definePolicy(Note, (caller: Caller) =>
  caller?.role === 'admin' ? { rows: { owner: caller.id } } : { rows: { owner: caller?.id ?? 0 }, hidden: ['secret', ...(caller?.hide ?? [])] },
);
const appWith = () => ({ policies: new Map([[Note, policy]]) }) as unknown as AppState;

describe('documentForRules()', () => {
  it('builds one document per set of hidden names: two callers of one role share it, whatever rows each sees', () => {
    const app = appWith();
    let builds = 0;
    const build = () => ({ built: ++builds });
    const reader = documentForRules({ app, principal: { role: 'reader', id: 1 } }, build);
    expect(documentForRules({ app, principal: { role: 'reader', id: 2 } }, build)).to.equal(reader);
    expect(documentForRules({ app, principal: null }, build)).to.equal(reader);
    const admin = documentForRules({ app, principal: { role: 'admin', id: 3 } }, build);
    expect(admin).to.not.equal(reader);
    expect(documentForRules({ app, principal: { role: 'reader', id: 1, hide: ['title'] } }, build)).to.not.equal(reader);
    expect(builds).to.equal(3);
    // Another app builds its own.
    expect(documentForRules({ app: appWith(), principal: null }, build)).to.not.equal(reader);
  });

  it('keeps at most 32 documents an app, giving up the oldest first', () => {
    const app = appWith();
    let builds = 0;
    const build = () => ({ built: ++builds });
    // 33 callers, each hiding another subset of the attributes besides `secret`.
    const attributes = ['title', 'owner', 'id', 'createdAt', 'updatedAt', 'body'];
    const callers = Array.from({ length: 33 }, (_, i) => ({ role: 'reader' as const, id: i, hide: attributes.filter((_, bit) => i & (1 << bit)) }));
    const documents = callers.map((principal) => documentForRules({ app, principal }, build));
    expect(new Set(documents).size).to.equal(33);
    expect(builds).to.equal(33);
    expect(documentForRules({ app, principal: callers[32] }, build)).to.equal(documents[32]);
    expect(builds).to.equal(33);
    // The first was given up for the 33rd: asked again, it is built again.
    expect(documentForRules({ app, principal: callers[0] }, build)).to.not.equal(documents[0]);
    expect(builds).to.equal(34);
  });
});
