import type { DateConversion } from '../config/ApiConfig';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A date as `convert.date` asks: ISO 8601, a token format in UTC (YYYY MM DD HH mm ss SSS),
 * a function's result, or the Date itself (left to JSON) when null.
 *
 * @example
 * formatDate(new Date(0), 'YYYY-MM-DD'); // '1970-01-01'
 */
export function formatDate(date: Date, conversion: DateConversion): unknown {
  if (conversion === null) return date;
  if (Number.isNaN(date.getTime())) return null;
  if (typeof conversion === 'function') return conversion(date);
  if (conversion === 'iso8601') return date.toISOString();
  const tokens: Record<string, string> = {
    YYYY: String(date.getUTCFullYear()),
    MM: pad(date.getUTCMonth() + 1),
    DD: pad(date.getUTCDate()),
    HH: pad(date.getUTCHours()),
    mm: pad(date.getUTCMinutes()),
    ss: pad(date.getUTCSeconds()),
    SSS: pad(date.getUTCMilliseconds(), 3),
  };
  return conversion.replace(/YYYY|SSS|MM|DD|HH|mm|ss/g, (token) => tokens[token]);
}
