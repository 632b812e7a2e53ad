/** The number written with the digits of `text` from `from` to `to`: NaN where any is not a digit. */
export function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at++) {
    const code = text.charCodeAt(at) - 48;
    value = code >= 0 && code <= 9 ? value * 10 + code : NaN;
  }
  return value;
}

/**
 * The instant of text that starts `YYYY-MM-DD HH:MM:SS` in UTC (years 0100-9999), read digit by
 * digit, `milliseconds` added: NaN when the text does not start so, or for the years 0-99 (which
 * Date.UTC reads as 1900-1999; the databases' general parsers read those). The text after the
 * seconds is the caller's to check: how each database writes the fraction and the zone.
 *
 * @example
 * utcInstant('2024-05-01 10:20:30.123 +00:00', 123); // Date.UTC(2024, 4, 1, 10, 20, 30, 123)
 */
export function utcInstant(text: string, milliseconds: number): number {
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') return NaN;
  const year = digits(text, 0, 4);
  if (!(year >= 100)) return NaN;
  return Date.UTC(year, digits(text, 5, 7) - 1, digits(text, 8, 10), digits(text, 11, 13), digits(text, 14, 16), digits(text, 17, 19), milliseconds);
}
