import { ApiError } from '../errors/ApiError';
import { parseCalendarDate } from '../validation/calendarDate';
import { FILTER_OPERATORS, FilterCondition, FilterField, FilterOperator, FilterRequest } from '../metadata/filterTypes';
import { longerThan } from '../validation/characters';

/** The query parameter family of filters. */
export const FILTER_PARAMETER = 'filter';
/** The name of an OR group: `filter[or][0][title]=A&filter[or][1][title]=B`. */
const OR = 'or';
/** The longest value read (a text to compare, or a list). */
const MAX_VALUE_LENGTH = 1000;

/** The bounds a client's filter is held to (`filter.*` of the config). */
export interface FilterLimits {
  /** Conditions in all, OR groups' included. */
  maxConditions: number;
  /** Values of one `in` or `nin` list. */
  maxListSize: number;
}

/** `filter.*` of the default config, for callers made without a config (an include walk of your own). */
export const DEFAULT_FILTER_LIMITS: FilterLimits = Object.freeze({ maxConditions: 20, maxListSize: 100 });

function invalid(parameter: string, reason: string): ApiError {
  return new ApiError('RCA_FILTER_INVALID', { parameter: parameter.length > 80 ? `${parameter.slice(0, 80)}...` : parameter, reason });
}

/** `filter[a][b]` to `['a', 'b']`; null for any other shape (`filter`, `filter[a`, `filter[a]x`). */
function segmentsOf(name: string): string[] | null {
  const match = /^filter((?:\[[^[\]]*\])+)$/.exec(name);
  return match ? match[1].slice(1, -1).split('][') : null;
}

/**
 * The filter a request asks for, checked against the action's fields before any SQL: each
 * parameter a declared field (a relation path too) and one of its operators, its value typed by
 * the field's column, OR groups one level deep, and the whole within `limits`. Anything else is a
 * 400 naming the parameter, the operator and what is allowed. Null when the request has no filter.
 *
 * @example
 * parseFilter(new URLSearchParams('filter[published_at][gte]=2020-01-01'), fields, limits);
 * // { all: [{ operator: 'gte', value: new Date('2020-01-01'), ... }], any: [], canonical: '...' }
 */
export function parseFilter(query: URLSearchParams, fields: ReadonlyMap<string, FilterField>, limits: FilterLimits): FilterRequest | null {
  const all: FilterCondition[] = [];
  const groups = new Map<number, FilterCondition[]>();
  let conditions = 0;
  const seen = new Set<string>();
  for (const name of query.keys()) {
    if (!name.startsWith(FILTER_PARAMETER) || seen.has(name)) continue;
    seen.add(name);
    const values = query.getAll(name);
    const segments = segmentsOf(name);
    if (!segments) {
      if (name === FILTER_PARAMETER || name.startsWith(`${FILTER_PARAMETER}[`))
        throw invalid(name, 'write filter[field]=value or filter[field][operator]=value');
      continue;
    }
    if (values.length > 1) throw invalid(name, 'is given more than once');
    let group: number | null = null;
    let rest = segments;
    if (segments[0] === OR) {
      if (!/^\d{1,3}$/.test(segments[1] ?? '')) throw invalid(name, 'an OR group is filter[or][n][field]..., n a number from 0');
      group = Number(segments[1]);
      rest = segments.slice(2);
      if (rest[0] === OR) throw invalid(name, 'OR groups do not nest: each group is a list of conditions that must all hold');
    }
    const condition = conditionOf(name, rest, values[0], fields, limits);
    if (++conditions > limits.maxConditions) throw invalid(name, `a filter may hold at most ${limits.maxConditions} conditions (filter.maxConditions)`);
    if (group === null) all.push(condition);
    else groups.set(group, [...(groups.get(group) ?? []), condition]);
  }
  if (all.length === 0 && groups.size === 0) return null;
  const any = [...groups.entries()].sort(([a], [b]) => a - b).map(([, list]) => list);
  return Object.freeze({ all, any, canonical: canonicalOf(all, any) });
}

function conditionOf(parameter: string, rest: string[], raw: string, fields: ReadonlyMap<string, FilterField>, limits: FilterLimits): FilterCondition {
  const [name, operatorName, ...extra] = rest;
  const declared = [...fields.keys()];
  const field = name === undefined ? undefined : fields.get(name);
  if (!field) throw invalid(parameter, `"${(name ?? '').slice(0, 40)}" cannot be filtered by here; filterable: ${declared.join(', ') || 'none'}`);
  if (extra.length > 0) throw invalid(parameter, 'write filter[field][operator]=value');
  if (longerThan(raw, MAX_VALUE_LENGTH)) throw invalid(parameter, `a value may hold at most ${MAX_VALUE_LENGTH} characters`);
  if (raw.includes('\u0000')) throw invalid(parameter, 'a value may not hold a NUL character');
  if (field.search) {
    if (operatorName !== undefined) throw invalid(parameter, `${field.name} is a search: write filter[${field.name}]=words`);
    if (raw.trim() === '') throw invalid(parameter, 'the search is empty');
    return Object.freeze({ field, operator: 'search', value: raw, parameter });
  }
  const operator = (operatorName ?? 'eq') as FilterOperator;
  if (!(FILTER_OPERATORS as readonly string[]).includes(operator) || !field.operators.has(operator)) {
    const shown = operatorName === undefined ? `"eq" (what filter[${field.name}]=value means)` : `"${operatorName.slice(0, 20)}"`;
    throw invalid(parameter, `${shown} is not an operator of ${field.name}; allowed: ${[...field.operators].join(', ')}`);
  }
  return Object.freeze({ field, operator, value: typedValue(field, operator, raw, parameter, limits), parameter });
}

/** A filter's value as its operator and the field's type read it. */
function typedValue(field: FilterField, operator: FilterOperator, raw: string, parameter: string, limits: FilterLimits): unknown {
  if (operator === 'null') {
    if (raw !== 'true' && raw !== 'false') throw invalid(parameter, 'is true (no value) or false (a value)');
    return raw === 'true';
  }
  if (operator === 'in' || operator === 'nin' || operator === 'between') {
    const items = raw.split(',');
    if (operator === 'between' && items.length !== 2) throw invalid(parameter, 'is two values: low,high');
    if (items.length > limits.maxListSize) throw invalid(parameter, `a list may hold at most ${limits.maxListSize} values (filter.maxListSize)`);
    return items.map((item) => scalar(field, item, parameter));
  }
  if (operator === 'contains' || operator === 'starts' || operator === 'ends') {
    if (raw === '') throw invalid(parameter, 'is empty');
    return raw;
  }
  return scalar(field, raw, parameter);
}

const EXPECTED: Record<FilterField['type'], string> = {
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  date: 'an ISO 8601 date (2024-05-01) or date-time with a zone (2024-05-01T12:00:00Z)',
  dateonly: 'an ISO 8601 date (2024-05-01)',
  string: 'a text',
};

function scalar(field: FilterField, raw: string, parameter: string): unknown {
  const value = scalarOf(field.type, raw);
  if (value === undefined) throw invalid(parameter, `"${raw.slice(0, 40)}" is not ${EXPECTED[field.type]}`);
  return value;
}

function scalarOf(type: FilterField['type'], raw: string): unknown {
  switch (type) {
    case 'integer':
      return /^-?\d{1,16}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
    case 'number':
      return /^-?\d{1,15}(\.\d{1,15})?$/.test(raw) ? Number(raw) : undefined;
    case 'boolean':
      return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : undefined;
    case 'date':
      return parseCalendarDate(raw) ?? undefined;
    case 'dateonly':
      return /^\d{4}-\d{2}-\d{2}$/.test(raw) && parseCalendarDate(raw) ? raw : undefined;
    default:
      return raw;
  }
}

/** One spelling of a filter, whatever the order of its parameters: `title:eq:"Dune"|...`. */
function canonicalOf(all: readonly FilterCondition[], any: ReadonlyArray<readonly FilterCondition[]>): string {
  const text = (list: readonly FilterCondition[]) =>
    list
      .map((condition) => `${condition.field.name}:${condition.operator}:${JSON.stringify(condition.value)}`)
      .sort()
      .join('&');
  return [text(all), ...any.map(text).sort()].join('|');
}
