import { expect } from 'chai';
import { createDatabase } from '../../example/database';
import { Book } from '../../example/models';
import { exampleDatabase } from '../fixture/database';

describe('the shared example database between tests', () => {
  let other: ReturnType<typeof createDatabase> | undefined;
  after(() => other?.close());

  it('a test binds the model classes to another database and leaves them there (as one that timed out would)', async () => {
    await exampleDatabase();
    other = createDatabase({ storage: ':memory:' });
    expect(Book.sequelize).to.equal(other);
  });

  it('the next test finds them given back to the shared database by the root afterEach', async () => {
    expect(Book.sequelize).to.equal(await exampleDatabase());
    expect(await Book.count()).to.be.at.least(100);
  });
});
