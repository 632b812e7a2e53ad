import { ApiError } from '../errors/ApiError';
// Resource types and field names are what a transformer can declare, like include names (`co-author` too).
import { INCLUDE_NAME } from './parseSegment';
import { Fieldset, Fieldsets, NO_FIELDSETS } from './Fieldset';

const FAMILY = /^fields(?:\[(.*)\])?$/;
/** Bounds on what one request may ask: types named, names per type, characters per value. */
const MAX_TYPES = 20;
const MAX_NAMES = 100;
const MAX_LENGTH = 2048;

function invalid(parameter: string, reason: string): ApiError {
  return new ApiError('RCA_FIELDS_INVALID', { parameter: parameter.length > 60 ? `${parameter.slice(0, 60)}...` : parameter, reason });
}

/**
 * Parses the `fields[<type>]=a,b` parameters of a request (400 when malformed). An empty value asks
 * for no fields but the id.
 *
 * @example
 * parseFieldsets(new URLSearchParams('fields[books]=title,author')).get('books')?.names; // ['title', 'author']
 */
export function parseFieldsets(query: URLSearchParams): Fieldsets {
  let result: Map<string, Fieldset> | undefined;
  for (const [name, value] of query) {
    const match = FAMILY.exec(name);
    if (!match) continue;
    const type = match[1];
    if (type === undefined || !INCLUDE_NAME.test(type)) throw invalid(name, 'name the resource type in brackets: fields[books]=title,author');
    result ??= new Map();
    if (result.has(type)) throw invalid(name, 'is given twice');
    if (result.size >= MAX_TYPES) throw invalid(name, `at most ${MAX_TYPES} types may be given fields`);
    if (value.length > MAX_LENGTH) throw invalid(name, `at most ${MAX_LENGTH} characters are allowed`);
    const names = value === '' ? [] : value.split(',').map((field) => field.trim());
    if (names.length > MAX_NAMES) throw invalid(name, `at most ${MAX_NAMES} fields may be named`);
    const bad = names.find((field) => !INCLUDE_NAME.test(field));
    if (bad !== undefined) throw invalid(name, `"${bad.slice(0, 40)}" is not a field name (letters, digits, _ and - only)`);
    result.set(type, new Fieldset(type, names));
  }
  return result ?? NO_FIELDSETS;
}
