import type { Sequelize } from 'sequelize';
import { digits, utcInstant } from './dateText';

type Parser = (text: string) => unknown;
type ParserOf = (oid: number) => Parser;

/** PostgreSQL type ids of the columns a DATE attribute may be stored in. */
const OID = { timestamptz: 1184, timestamp: 1114, date: 1082 } as const;

/** Texts the driver's `timestamptz` parser must read as {@link fastInstant} does before the fast path is used. */
const PROBES = ['2000-01-02 03:04:05+00', '2000-01-02 03:04:05.678+00', '1999-12-31 23:59:59.999999+00', '2024-02-29 12:00:00.029+00'];

/**
 * The driver's parser of a type, as Sequelize's connection manager hands it to each connection at
 * the time (`pg`'s own, Sequelize's once connected, or one an app registered); undefined where
 * there is none to ask, and then DATE columns are not read as text.
 */
function parserOf(sequelize: Sequelize): ParserOf | undefined {
  const manager = (sequelize as unknown as { connectionManager?: { getTypeParser?: ParserOf } }).connectionManager;
  return typeof manager?.getTypeParser === 'function' ? (oid) => manager.getTypeParser!(oid) : undefined;
}

function readsAlike(parser: Parser, text: string): boolean {
  const value = parser(text);
  return value instanceof Date && value.getTime() === fastInstant(text);
}

/**
 * True when the toolkit's own SELECTs on this database read DATE columns as text (`::text`) and
 * type them with {@link postgresDateReader}: PostgreSQL, whose driver would otherwise parse each with
 * a general-purpose parser (three regular expressions a value, about 6 % of a page of 100 with
 * comments). The text is what the driver would have parsed (the type's own output), so the values
 * are the same. (A DATE attribute over a text column, which the driver would leave as text, is
 * typed too, as SQLite's text dates are.)
 *
 * @example
 * const select = datesAsText(Book.sequelize!) ? `"created_at"::text AS "createdAt"` : `"created_at" AS "createdAt"`;
 */
export function datesAsText(sequelize: Sequelize): boolean {
  return sequelize.getDialect() === 'postgres' && parserOf(sequelize) !== undefined;
}

/**
 * The reader of this database's DATE columns read as text (see {@link datesAsText}): each value
 * typed as the driver would have typed the column itself. `2024-05-01 10:20:30.123+00` (the text of
 * a `timestamptz` in UTC, the session time zone Sequelize sets by default) is read digit by digit;
 * any other text of a `timestamptz` or of a `timestamp` goes to the driver's parser for its type; a
 * `date`'s text (no time) to the parser of `date` (Sequelize's DATEONLY parser, once connected). A
 * value that is not text (a column not read as text) is left as it is. Only for a database
 * {@link datesAsText} accepts.
 *
 * @example
 * const read = postgresDateReader(sequelize);
 * read('2024-05-01 10:20:30.123+00'); // new Date('2024-05-01T10:20:30.123Z')
 */
export function postgresDateReader(sequelize: Sequelize): (value: unknown) => unknown {
  const parser = parserOf(sequelize)!;
  const fast = PROBES.every((probe) => readsAlike(parser(OID.timestamptz), probe));
  return (value) => {
    if (typeof value !== 'string') return value;
    if (fast) {
      const instant = fastInstant(value);
      if (!Number.isNaN(instant)) return new Date(instant);
    }
    // Asked each time: a connection may have brought Sequelize's own (its DATEONLY parser for `date`).
    if (value.indexOf(':') === -1) return parser(value.includes('infinity') ? OID.timestamptz : OID.date)(value);
    return parser(hasZone(value) ? OID.timestamptz : OID.timestamp)(value);
  };
}

/** True when a timestamp's text ends with an offset (`+00`, `-05:30`) or `Z`. */
function hasZone(text: string): boolean {
  const time = text.slice(text.indexOf(' ') + 1);
  return /[Z+-]/.test(time);
}

/**
 * The instant of `YYYY-MM-DD HH:MM:SS[.fraction]+00` (years 0100-9999), computed as the driver's
 * parser computes it (the fraction's milliseconds as `1000 * parseFloat(fraction)`, cut to whole
 * ones by Date.UTC); NaN for any other text.
 */
function fastInstant(text: string): number {
  const end = text.length - 3;
  if (end < 19 || text.charCodeAt(end) !== 43 || text.charCodeAt(end + 1) !== 48 || text.charCodeAt(end + 2) !== 48) return NaN;
  if (end === 19) return utcInstant(text, 0);
  if (text[19] !== '.' || end === 20 || Number.isNaN(digits(text, 20, end))) return NaN;
  return utcInstant(text, 1000 * parseFloat(text.slice(19, end)));
}
