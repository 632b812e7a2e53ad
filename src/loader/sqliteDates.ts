import type { Sequelize } from 'sequelize';
import { digits, utcInstant } from './dateText';

/** `2024-05-01 10:20:30.123 +00:00` as Sequelize writes a DATE on SQLite, and the shorter forms SQLite's own functions write. */
const STORED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** Minutes east of UTC of `+05:30`, `-0800` or `Z`. */
function offsetMinutes(zone: string): number {
  if (zone === 'Z') return 0;
  const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/**
 * The instant of text exactly as Sequelize writes a DATE (`2024-05-01 10:20:30.123 +00:00`, years
 * 0100 and later) read digit by digit, as every row of a page has several: NaN for any other text,
 * which the general parser below reads.
 */
function writtenInstant(text: string): number {
  if (text.length !== 30 || !text.endsWith(' +00:00') || text[19] !== '.') return NaN;
  return utcInstant(text, digits(text, 20, 23));
}

/**
 * A DATE column's SQLite text as the instant it stores. Sequelize hands the text to `new Date()`,
 * whose legacy parser reads the years 0001-0099 of `0099-05-01 00:00:00.000 +00:00` as 1999: the value
 * read back was not the value written, and a read-then-write moved it 1900 years. Text of another
 * shape goes to `new Date()` as before.
 *
 * @example
 * parseSqliteDate('0099-05-01 00:00:00.000 +00:00').toISOString(); // '0099-05-01T00:00:00.000Z'
 */
export function parseSqliteDate(text: string, options: { timezone?: string } = {}): Date {
  const instant = writtenInstant(text);
  if (instant === instant) return new Date(instant);
  const match = STORED.exec(text);
  const zone = match?.[8] ?? options.timezone ?? '+00:00';
  if (!match || !/^(Z|[+-]\d{2}:?\d{2})$/.test(zone)) return new Date(match ? text : text + (options.timezone ?? ''));
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps the years 0-99 as they are.
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  date.setUTCHours(Number(hours), Number(minutes), Number(seconds), Number(fraction.padEnd(3, '0').slice(0, 3)));
  return new Date(date.getTime() - offsetMinutes(zone) * 60_000);
}

const installed = new WeakSet<object>();

/** Sequelize's SQLite DATE type, where every SQLite connection manager takes its parser from as it is made. */
type SqliteDateType = { parse: unknown };

/**
 * Makes Sequelize (SQLite) read DATE columns with parseSqliteDate(). Sequelize keeps one parser per
 * column type for each dialect, process-wide, and each new SQLite Sequelize instance sets it again
 * from its SQLite DATE type: so the type's parser is replaced (for every instance made from now on,
 * of that copy of Sequelize), and the one in force now. `useApi(app, { sequelize })` calls it;
 * nothing happens for other dialects.
 *
 * @example
 * readSqliteDatesExactly(sequelize);
 */
export function readSqliteDatesExactly(sequelize: Sequelize): void {
  if (sequelize.getDialect() !== 'sqlite') return;
  const type = (sequelize.constructor as { DataTypes?: { sqlite?: { DATE?: SqliteDateType } } }).DataTypes?.sqlite?.DATE;
  if (type) type.parse = parseSqliteDate;
  if (installed.has(sequelize)) return;
  installed.add(sequelize);
  const manager = sequelize.connectionManager as unknown as { refreshTypeParser(types: Record<string, unknown>): void };
  manager.refreshTypeParser({ DATE: { key: 'DATE', types: { sqlite: ['DATETIME'] }, parse: parseSqliteDate } });
}
