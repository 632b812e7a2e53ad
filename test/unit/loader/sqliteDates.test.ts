import { expect } from 'chai';
import fc from 'fast-check';
import { parseSqliteDate } from '../../../src/loader/sqliteDates';

/** A date as Sequelize writes it into a SQLite DATE column: `YYYY-MM-DD HH:mm:ss.SSS +00:00`. */
const stored = (date: Date) => `${date.toISOString().slice(0, 23).replace('T', ' ')} +00:00`;

describe('parseSqliteDate()', () => {
  it('reads the years 0001-0099 as written (new Date() makes them 19xx)', () => {
    expect(parseSqliteDate('0099-05-01 00:00:00.000 +00:00').toISOString()).to.equal('0099-05-01T00:00:00.000Z');
    expect(parseSqliteDate('0001-01-01 12:30:00.000 +00:00').toISOString()).to.equal('0001-01-01T12:30:00.000Z');
    expect(new Date('0099-05-01 00:00:00.000 +00:00').getUTCFullYear(), "the legacy parser's reading").to.equal(1999);
  });

  it('applies the zone written, else the connection timezone; reads shorter forms SQLite writes', () => {
    expect(parseSqliteDate('2024-05-01 10:00:00.000 +02:00').toISOString()).to.equal('2024-05-01T08:00:00.000Z');
    expect(parseSqliteDate('2024-05-01 10:00:00', { timezone: '-05:00' }).toISOString()).to.equal('2024-05-01T15:00:00.000Z');
    expect(parseSqliteDate('2024-05-01').toISOString()).to.equal('2024-05-01T00:00:00.000Z');
    expect(parseSqliteDate('2024-05-01T10:00:00Z').toISOString()).to.equal('2024-05-01T10:00:00.000Z');
  });

  it('reads back every instant of the years 1-9999 exactly as Sequelize stores it', () => {
    const instants = fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
    fc.assert(fc.property(instants, (date) => parseSqliteDate(stored(date)).getTime() === date.getTime()));
  });

  it('leaves text of another shape to new Date(), as before', () => {
    expect(parseSqliteDate('May 1, 2024 UTC').toISOString()).to.equal('2024-05-01T00:00:00.000Z');
  });
});
