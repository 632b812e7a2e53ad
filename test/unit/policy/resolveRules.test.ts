import { expect } from 'chai';
import { DataTypes, Model, Op, Sequelize } from 'sequelize';
import express from 'express';
import { definePolicy, filterWhere, resolveConfig, useApi } from '../../../src';
import { apiStateOf } from '../../../src/context/appRegistry';
import { createContext } from '../../../src/context/createContext';
import { requestStorage } from '../../../src/context/RequestContext';
import { RouteRegistry } from '../../../src/routing/RouteRegistry';
import { ApiError } from '../../../src/errors/ApiError';
import { NO_RULES, resolveRules } from '../../../src/policy/ResolvedRules';

const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
class Doc extends Model {}
Doc.init({ title: DataTypes.STRING, secret: DataTypes.STRING, draft: DataTypes.BOOLEAN }, { sequelize, modelName: 'Doc' });
class Tag extends Model {}
Tag.init({ name: DataTypes.STRING }, { sequelize, modelName: 'Tag' });
Doc.hasMany(Tag, { as: 'tags', foreignKey: 'docId' });

const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    return error instanceof ApiError ? `${error.code}: ${error.message}` : String(error);
  }
  return undefined;
};

describe('resolveRules()', () => {
  it("answers a policy's rules for a principal, and no rules for a policy that restricts nothing", () => {
    const policy = definePolicy(Doc, (user: { admin: boolean } | null) =>
      user?.admin ? {} : { rows: { draft: false }, hidden: ['secret'], hiddenRelations: ['tags'] },
    );
    const reader = resolveRules(policy, null);
    expect(reader.rows).to.deep.equal({ draft: false });
    expect([...reader.hidden]).to.deep.equal(['secret']);
    expect([...reader.hiddenRelations]).to.deep.equal(['tags']);
    expect(resolveRules(policy, { admin: true })).to.equal(NO_RULES);
    expect(
      resolveRules(
        definePolicy(Doc, () => ({ rows: {} })),
        null,
      ),
    ).to.equal(NO_RULES);
    expect(
      resolveRules(
        definePolicy(Doc, () => ({ rows: { [Op.or]: [{ draft: false }] } })),
        null,
      ).rows,
    ).to.have.property(Op.or);
  });

  it('refuses a hidden name that is no attribute, and a relation that is no association (RCA_POLICY_INVALID)', () => {
    expect(
      codeOf(() =>
        resolveRules(
          definePolicy(Doc, () => ({ hidden: ['secrett'] })),
          null,
        ),
      ),
    ).to.equal('RCA_POLICY_INVALID: The policy of Doc is invalid: "secrett" is not an attribute of it');
    expect(
      codeOf(() =>
        resolveRules(
          definePolicy(Doc, () => ({ hiddenRelations: ['tagz'] })),
          null,
        ),
      ),
    ).to.equal('RCA_POLICY_INVALID: The policy of Doc is invalid: "tagz" is not an association of it');
  });
});

describe('resolveRules() kept', () => {
  it('answers equal rules with the same object, other rules with another, and checks what it cannot name each time', () => {
    const policy = definePolicy(Doc, (user: { id: number; hide?: string[]; at?: unknown } | null) => ({
      rows: { [Op.or]: [{ draft: false }, { id: user?.id ?? 0 }], ...(user?.at === undefined ? {} : { title: user.at }) },
      hidden: user?.hide ?? ['secret'],
    }));
    const first = resolveRules(policy, { id: 1 });
    // New principal objects, new rules objects, the same rules: the same resolved object (and its Sets).
    expect(resolveRules(policy, { id: 1 })).to.equal(first);
    expect(resolveRules(policy, { id: 2 })).to.not.equal(first);
    expect(resolveRules(policy, { id: 1, hide: ['title'] })).to.not.equal(first);
    expect([...resolveRules(policy, { id: 1, hide: ['title'] }).hidden]).to.deep.equal(['title']);
    expect(resolveRules(policy, { id: 1, hide: [] }).hidden.size).to.equal(0);
    // A literal is named by its text; a value whereKey() cannot name (a function call) is resolved each time.
    const literal = resolveRules(policy, { id: 1, at: Doc.sequelize!.literal("'a'") });
    expect(resolveRules(policy, { id: 1, at: Doc.sequelize!.literal("'a'") })).to.equal(literal);
    expect(resolveRules(policy, { id: 1, at: Doc.sequelize!.literal("'b'") })).to.not.equal(literal);
    const call = Doc.sequelize!.fn('lower', 'a');
    const unnamed = resolveRules(policy, { id: 1, at: call });
    expect(unnamed.rows).to.have.property('title', call);
    expect(resolveRules(policy, { id: 1, at: call })).to.not.equal(unnamed);
  });

  it('keeps at most 64 distinct rules per policy, and resolves the rest anew, rightly', () => {
    const policy = definePolicy(Doc, (user: { id: number } | null) => ({ rows: { id: user!.id } }));
    for (let id = 0; id < 64; id++) resolveRules(policy, { id });
    expect(resolveRules(policy, { id: 63 })).to.equal(resolveRules(policy, { id: 63 }));
    const past = resolveRules(policy, { id: 64 });
    expect(past.rows).to.deep.equal({ id: 64 });
    expect(resolveRules(policy, { id: 64 })).to.not.equal(past);
  });

  it('does not keep invalid rules: each request is refused', () => {
    const policy = definePolicy(Doc, () => ({ hidden: ['secrett'] as never[] }));
    for (let i = 0; i < 2; i++) expect(codeOf(() => resolveRules(policy, null))).to.match(/^RCA_POLICY_INVALID/);
  });
});

describe("useApi()'s policies", () => {
  it('refuses two policies for one model when the app is wired', () => {
    const policy = definePolicy(Doc, () => ({}));
    expect(codeOf(() => useApi(express(), { controllers: [], policies: [policy, definePolicy(Doc, () => ({ hidden: ['secret'] }))] }))).to.equal(
      'RCA_POLICY_INVALID: The policy of Doc is invalid: it has two policies',
    );
  });
});

describe('filterWhere() under a policy', () => {
  it("answers the request's filter and the rows its principal may see, both holding", () => {
    const policy = definePolicy(Doc, (user: { admin: boolean } | null) => (user?.admin ? {} : { rows: { draft: false } }));
    const app = {
      framework: 'express' as const,
      config: resolveConfig({}, {}),
      routes: new RouteRegistry(),
      listener: () => () => undefined,
      policies: new Map([[Doc, policy]]),
    };
    const context = createContext(app, { method: 'GET', url: '/docs', headers: {}, protocol: 'http', host: 'h' });
    expect(requestStorage.run(context, () => filterWhere(Doc))).to.deep.equal({ draft: false });
    const admin = createContext(app, { method: 'GET', url: '/docs', headers: {}, protocol: 'http', host: 'h' });
    admin.principal = { admin: true };
    expect(requestStorage.run(admin, () => filterWhere(Doc))).to.equal(undefined);
  });
});

describe("useApi()'s principal", () => {
  it('asks currentUserChecker before each action only when policies need a principal', () => {
    const currentUserChecker = () => null;
    const without = useApi(express(), { controllers: [], currentUserChecker });
    const withPolicies = useApi(express(), { controllers: [], currentUserChecker, policies: [definePolicy(Doc, () => ({}))] });
    expect(apiStateOf(without)!.principal).to.equal(undefined);
    expect(apiStateOf(withPolicies)!.principal).to.equal(currentUserChecker);
  });
});
