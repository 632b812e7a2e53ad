import { expect } from 'chai';
import { DatabaseError } from 'sequelize';
import { describeError } from '../../../src/errors/describeError';

describe('describeError() of a database connection that went away', () => {
  const lost = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
  const cases: Array<[string, unknown]> = [
    ['a statement whose connection was terminated', new DatabaseError(lost('Connection terminated unexpectedly') as never)],
    ['a reset socket', new DatabaseError(lost('read ECONNRESET', 'ECONNRESET') as never)],
    ['a server that crashed (57P02)', new DatabaseError(lost('terminating connection because of crash of another server process', '57P02') as never)],
    ['the driver error itself, unwrapped (a BEGIN on a dead connection)', lost('Connection terminated unexpectedly')],
    ['a statement of a transaction Sequelize rolled back under it', lost('rollback has been called on this transaction(7f1e), you can no longer use it.')],
  ];
  for (const [what, error] of cases) {
    it(`answers ${what} with 503 and Retry-After, not 500`, () => {
      const described = describeError(error, false);
      expect([described.status, described.headers]).to.deep.equal([503, { 'retry-after': '1' }]);
    });
  }

  it('leaves an error of the app itself a 500', () => {
    expect(describeError(new Error('undefined is not a function'), false).status).to.equal(500);
  });
});
