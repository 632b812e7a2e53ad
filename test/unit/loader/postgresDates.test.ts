import { expect } from 'chai';
import fc from 'fast-check';
import pg from 'pg';
import { Sequelize } from 'sequelize';
import { datesAsText, postgresDateReader } from '../../../src/loader/postgresDates';

/** A PostgreSQL database that is never connected to: its connection manager hands out the driver's parsers all the same. */
const database = (options: object = {}) => new Sequelize('postgres://nobody@127.0.0.1:1/none', { logging: false, ...options });

/** What the driver makes of a column's text: its parser for the type (`timestamptz`, `timestamp`, `date`). */
const driver = (sequelize: Sequelize, oid: number) =>
  (sequelize as unknown as { connectionManager: { getTypeParser(oid: number): (text: string) => unknown } }).connectionManager.getTypeParser(oid);

const same = (actual: unknown, expected: unknown) =>
  expected instanceof Date
    ? actual instanceof Date && (actual.getTime() === expected.getTime() || (Number.isNaN(actual.getTime()) && Number.isNaN(expected.getTime())))
    : Object.is(actual, expected);

/** `timestamptz` text as PostgreSQL writes it in a session on UTC: `2024-05-01 10:20:30.123456+00`, fraction trimmed. */
const text = fc
  .record({
    instant: fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
    micros: fc.integer({ min: 0, max: 999_999 }),
    zone: fc.constantFrom('+00', '+00', '+00', '+05:30', '-08', '+01', ''),
  })
  .map(({ instant, micros, zone }) => {
    const fraction = micros === 0 ? '' : `.${String(micros).padStart(6, '0').replace(/0+$/, '')}`;
    return `${instant.toISOString().slice(0, 19).replace('T', ' ')}${fraction}${zone}`;
  });

describe('postgresDateReader()', () => {
  const sequelize = database();
  const read = postgresDateReader(sequelize);

  it('reads each text as the driver parses its column: timestamptz, timestamp and date', () => {
    fc.assert(
      fc.property(text, (value) => {
        const oid = /[+-]\d\d(:\d\d)?$/.test(value) ? 1184 : 1114;
        expect(same(read(value), driver(sequelize, oid)(value)), value).to.equal(true);
      }),
      { numRuns: 2000 },
    );
    const early = ['0050-06-01 10:00:00+00', '0001-01-01 00:00:00+00', '0099-12-31 23:59:59.5+00', '2000-01-01 00:00:00 BC', '0044-03-15 12:00:00+00 BC'];
    const odd = ['12345-01-01 00:00:00+00', 'infinity', '-infinity', '2024-02-29 12:00:00.029+00', '1970-01-01 00:00:00.000001+00'];
    for (const value of [...early, ...odd]) expect(same(read(value), driver(sequelize, 1184)(value)), value).to.equal(true);
    expect((read('2024-02-29 12:00:00.029+00') as Date).toISOString()).to.equal('2024-02-29T12:00:00.029Z');
    for (const value of ['2024-05-01', '0050-01-01', '2024-05-01 BC']) expect(same(read(value), driver(sequelize, 1082)(value)), value).to.equal(true);
    expect(read('infinity')).to.equal(Infinity);
  });

  it("reads a date's text (no time) with the parser a connection brings: Sequelize's DATEONLY, which leaves the text", () => {
    const connected = database();
    const manager = (connected as unknown as { connectionManager: { oidParserMap: Map<number, (text: string) => unknown> } }).connectionManager;
    const reader = postgresDateReader(connected);
    // What Sequelize registers for `date` once it has read the type ids from the database.
    manager.oidParserMap.set(1082, (value: string) => value);
    expect(reader('2024-05-01')).to.equal('2024-05-01');
    expect((reader('2024-05-01 10:20:30+00') as Date).toISOString()).to.equal('2024-05-01T10:20:30.000Z');
  });

  it("reads the driver's stock text of UTC timestamps itself, and asks the driver for any other", () => {
    const spied = database();
    const manager = (spied as unknown as { connectionManager: { getTypeParser(oid: number): (text: string) => unknown } }).connectionManager;
    const reader = postgresDateReader(spied);
    let asked = 0;
    const stock = manager.getTypeParser.bind(manager);
    manager.getTypeParser = (oid) => {
      asked++;
      return stock(oid);
    };
    fc.assert(
      fc.property(text, (value) => void reader(value)),
      { numRuns: 500 },
    );
    const before = asked;
    for (const value of ['2024-05-01 10:20:30+00', '2024-05-01 10:20:30.5+00', '0100-01-01 00:00:00.123456+00']) reader(value);
    expect(asked, 'the fast path').to.equal(before);
    reader('2024-05-01 10:20:30+05:30');
    reader('0050-05-01 10:20:30+00');
    expect(asked - before, 'an offset, an early year').to.equal(2);
  });

  it('leaves a value that is not text as it is', () => {
    const date = new Date();
    expect(read(date)).to.equal(date);
    expect(read(null)).to.equal(null);
  });

  it("uses an app's own timestamptz parser for every value when it reads the probes otherwise", () => {
    const custom = database();
    const manager = (custom as unknown as { connectionManager: { oidParserMap: Map<number, (text: string) => unknown> } }).connectionManager;
    manager.oidParserMap.set(1184, (value: string) => `parsed ${value}`);
    expect(postgresDateReader(custom)('2024-05-01 10:20:30.123+00')).to.equal('parsed 2024-05-01 10:20:30.123+00');
  });

  it('is used on PostgreSQL only', () => {
    expect(datesAsText(sequelize)).to.equal(true);
    expect(datesAsText(new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false }))).to.equal(false);
    expect(pg.types.getTypeParser(1184)('2024-05-01 10:20:30.123+00')).to.be.instanceOf(Date);
  });
});
