import { registerDecorator, ValidationOptions } from 'class-validator';

/** `YYYY-MM-DD`, optionally `THH:mm[:ss[.sss]]` with `Z` or an offset: ISO 8601's extended calendar forms. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A calendar day as a pattern: years 0001-9999, months 01-12, days 01-31 (the validator also knows each month's length). */
export const CALENDAR_DAY = '([1-9]\\d{3}|0[1-9]\\d{2}|00[1-9]\\d|000[1-9])-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';

/** The same forms as a JSON Schema pattern, for the OpenAPI document: no month 13, hour 24 or minute 60. */
export const CALENDAR_DATE_PATTERN = `^${CALENDAR_DAY}(T([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d(\\.\\d{1,9})?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d))?$`;

/** The validator's name in class-validator's metadata, which the OpenAPI document reads. */
export const IS_CALENDAR_DATE = 'isCalendarDate';

/**
 * The instant a strict ISO 8601 calendar date (`2024-02-29`, `2024-02-29T10:30:00Z`,
 * `2024-02-29T10:30+02:00`) names, or null for anything else: week dates (`2020-W01`), the basic
 * format (`20200101`), dates that do not exist (`2024-02-30`), year 0000, a time without a zone.
 * A date alone is midnight UTC.
 *
 * @example
 * parseCalendarDate('2024-02-29'); // Date 2024-02-29T00:00:00.000Z
 * parseCalendarDate('2024-02-30'); // null
 */
export function parseCalendarDate(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const match = CALENDAR_DATE.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', zone] = match as Array<string | undefined> as string[];
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return null;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59)) return null;
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4)) > 59)) return null;
  const date = new Date(hour === undefined ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Days in a month; 2000 is a leap year, so only February of other years needs the rule. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * A request field that must be a strict ISO 8601 calendar date or date-time (see parseCalendarDate);
 * documented in the OpenAPI request schema with its pattern. Combine with `@IsOptional()` for a
 * field that may be left out (or null, where the column is nullable).
 *
 * @example
 * class CreateBookRequest {
 *   \@IsOptional() \@IsCalendarDate() published_at?: string | null;
 * }
 */
export function IsCalendarDate(options: ValidationOptions = {}): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: IS_CALENDAR_DATE,
      target: object.constructor,
      propertyName: String(propertyName),
      options: {
        message: `${String(propertyName)} must be a date that exists, as YYYY-MM-DD or YYYY-MM-DDTHH:mm:ssZ (ISO 8601)`,
        ...options,
      },
      validator: { validate: (value: unknown) => parseCalendarDate(value) !== null },
    });
}
