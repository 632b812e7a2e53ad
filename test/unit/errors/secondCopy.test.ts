import { expect } from 'chai';
import type * as SequelizeModule from 'sequelize';
import { resolveConfig } from '../../../src';
import { createContext } from '../../../src/context/createContext';
import { requestStorage } from '../../../src/context/RequestContext';
import { describeError } from '../../../src/errors/describeError';
import { isModel } from '../../../src/loader/isModel';
import { ApiResponse } from '../../../src/response/ApiResponse';
import { RouteRegistry } from '../../../src/routing/RouteRegistry';

/** sequelize loaded a second time, with classes of its own: what an app with another install has. */
function secondCopy(): typeof SequelizeModule {
  const ours = Object.keys(require.cache).filter((key) => /[\\/]node_modules[\\/]sequelize[\\/]/.test(key));
  const saved = ours.map((key) => [key, require.cache[key]] as const);
  for (const key of ours) delete require.cache[key];
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('sequelize');
  } finally {
    for (const [key, module] of saved) require.cache[key] = module;
  }
}

describe('another copy of sequelize', () => {
  const other = secondCopy();

  it('is another copy indeed: instanceof fails across the two', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ours: typeof SequelizeModule = require('sequelize');
    expect(new other.EmptyResultError('x')).not.to.be.instanceOf(ours.EmptyResultError);
  });

  it('describeError() maps its errors by class, not identity', () => {
    expect(describeError(new other.EmptyResultError('Post 9 was not found'), false)).to.include({ status: 404, message: 'Post 9 was not found' });
    expect(describeError(new other.UniqueConstraintError({ fields: ['email'] as never }), false)).to.deep.include({
      status: 409,
      message: { email: ['has already been taken'] },
    });
    expect(describeError(new other.ForeignKeyConstraintError({}), false)).to.deep.include({
      status: 422,
      message: 'A related record this request refers to does not exist',
    });
    expect(describeError(new other.ForeignKeyConstraintError({ fields: ['author_id'] as never }), false)).to.deep.include({
      status: 422,
      message: { author_id: ['must refer to an existing record'] },
    });
    expect(describeError(new other.ConnectionRefusedError(new Error('refused')), false)).to.deep.include({ status: 503, headers: { 'retry-after': '1' } });
    // A full disk, a read-only or deleted database file, an I/O failure: the database cannot take it now.
    for (const code of ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', '53100', '25006']) {
      const error = new other.DatabaseError(Object.assign(new Error(`${code}: it failed`), { code, sql: 'UPDATE books SET title = ?' }));
      expect(describeError(error, false), code).to.deep.include({ status: 503, message: 'Service Unavailable', headers: { 'retry-after': '1' } });
    }
    expect(describeError(new other.TimeoutError(Object.assign(new Error('busy'), { sql: '' })), false).status).to.equal(503);
    // A plain error that happens to be named like one is not Sequelize's.
    class EmptyResultError extends Error {}
    expect(describeError(new EmptyResultError('x'), false).status).to.equal(500);
  });

  it('its models are models: created() and withItem() send their plain attributes', async () => {
    const sequelize = new other.Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });
    class Note extends other.Model {}
    Note.init({ body: other.DataTypes.STRING }, { sequelize, tableName: 'notes' });
    await sequelize.sync();
    const note = await Note.create({ body: 'from the other copy' });
    expect(isModel(note)).to.equal(true);
    expect(isModel({ get() {}, dataValues: {} })).to.equal(false);
    const app = { framework: 'express' as const, config: resolveConfig({}, {}), routes: new RouteRegistry(), listener: () => () => undefined };
    const context = createContext(app, { method: 'POST', url: '/notes', headers: {}, protocol: 'http', host: 'h' });
    const rendered = await requestStorage.run(context, () => new ApiResponse(context).created(note).render());
    expect(JSON.parse(rendered.body!)).to.include({ id: 1, body: 'from the other copy' });
    await sequelize.close();
  });
});
