import { expect } from 'chai';
import { QueryTypes } from 'sequelize';
import { prepareDatabase } from '../../example/database';
import * as callers from '../../example/seeders/004-callers';
import { exampleDatabase, testDialect } from '../fixture/database';

describe(`example database ledgers (${testDialect})`, () => {
  const names = async (table: string) =>
    (await (await exampleDatabase()).query<{ name: string }>(`SELECT name FROM ${table} ORDER BY name`, { type: QueryTypes.SELECT })).map((row) => row.name);

  it('keeps migrations and seeds in tables of their own', async () => {
    expect(await names('migrations'))
      .to.include('001-create-authors-and-publishers')
      .and.not.include('001-books');
    expect(await names('seeders')).to.deep.equal(['001-books', '002-genres', '003-ratings', '004-callers']);
  });

  it('leaves the database writable: the next id comes after the seeded ones', async () => {
    const { Book } = await import('../../example/models');
    const book = await Book.create({ title: 'After the seed', authorId: 1, publisherId: 1 });
    try {
      expect(book.id).to.be.above(100);
    } finally {
      await book.destroy();
    }
  });

  it('a database seeded before the ledgers were separated is moved over, not seeded again', async () => {
    const sequelize = await exampleDatabase();
    const before = await sequelize.query<{ n: number }>('SELECT COUNT(*) AS n FROM books', { type: QueryTypes.SELECT });
    // The old layout: the seed recorded among the migrations, no seeders table, migration 005 not run.
    await sequelize.query("INSERT INTO migrations (name) VALUES ('001-books')");
    await sequelize.query("DELETE FROM migrations WHERE name = '005-separate-seed-ledger'");
    await sequelize.query('DROP TABLE seeders');
    // Nor were the callers seeded then.
    await sequelize.transaction((transaction) => callers.down({ context: { queryInterface: sequelize.getQueryInterface(), transaction } }));
    // The later seeds came after that layout: they run (the genres' finds its genres there already).
    expect(await prepareDatabase(sequelize)).to.deep.equal({ migrated: ['005-separate-seed-ledger'], seeded: ['002-genres', '003-ratings', '004-callers'] });
    expect(await names('seeders')).to.deep.equal(['001-books', '002-genres', '003-ratings', '004-callers']);
    const [genres] = await sequelize.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM genres', { type: QueryTypes.SELECT });
    expect(Number(genres.n)).to.equal(8);
    expect(await names('migrations')).not.to.include('001-books');
    expect(await sequelize.query('SELECT COUNT(*) AS n FROM books', { type: QueryTypes.SELECT })).to.deep.equal(before);
  });
});
