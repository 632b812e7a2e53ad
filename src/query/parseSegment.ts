import { UnexpectedIncludesParameterError } from '../errors/ApiError';
import type { IncludeAggregate, IncludeFilter, IncludeParseOptions, SortDirection } from './IncludeTree';

/** One dotted segment: `comments:limit(3|0):sort(created_at|desc)`. */
export interface ParsedSegment {
  name: string;
  limit?: { limit: number; offset: number; text: string };
  sort?: { key: string; order?: SortDirection; text: string };
  /** `:count`, `:exists`, `:sum(col)`, `:avg(col)`, `:min(col)`, `:max(col)`: an aggregate instead of rows. */
  aggregate?: IncludeAggregate & { text: string };
  /** `:filter(field|operator|value)`, any number: conditions on the related rows. */
  filters?: Array<IncludeFilter & { text: string }>;
}

/** An include name: whatever a transformer can declare (`co_author`, `coAuthor`, `co-author`). */
export const INCLUDE_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** A sort key: a column or attribute name. */
const SORT_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MODIFIER = /^([A-Za-z_]+)\(([^()]*)\)$/;
const MODIFIERS =
  'limit(n|offset), sort(key|asc or desc), order(key|asc or desc), filter(field|operator|value), count, exists, sum(column), avg(column), min(column), max(column)';
/** Filters one include may carry. */
/** The most `filter()` modifiers one include segment may carry. */
export const MAX_FILTERS = 5;
const AGGREGATES = new Set(['sum', 'avg', 'min', 'max']);
/** Offsets beyond this are certainly a mistake, and would lose precision in SQL. */
const MAX_OFFSET = 1_000_000_000;

/** Parses one segment of an include path; `path` is the whole path, quoted in errors. */
export function parseSegment(text: string, path: string, options: IncludeParseOptions): ParsedSegment {
  const [name, ...modifiers] = text.split(':');
  if (!INCLUDE_NAME.test(name)) {
    throw new UnexpectedIncludesParameterError(path, `"${name}" is not an include name (letters, digits, _ and - only)`);
  }
  const segment: ParsedSegment = { name };
  for (const modifier of modifiers) applyModifier(segment, modifier, path, options);
  if (segment.aggregate && (segment.limit || segment.sort)) {
    throw new UnexpectedIncludesParameterError(path, `${segment.aggregate.text} counts every related row: it takes no limit() or sort()`);
  }
  return segment;
}

function applyModifier(segment: ParsedSegment, text: string, path: string, options: IncludeParseOptions): void {
  if (text === 'count' || text === 'exists') return setAggregate(segment, { fn: text, text }, path);
  const match = MODIFIER.exec(text);
  if (!match) throw new UnexpectedIncludesParameterError(path, `"${text}" is not a modifier; use ${MODIFIERS}`);
  const [, modifier, rawArgs] = match;
  const args = rawArgs.split('|').map((arg) => arg.trim());
  if (modifier === 'limit') {
    if (segment.limit) throw new UnexpectedIncludesParameterError(path, 'limit() is given twice');
    segment.limit = { ...parseLimit(args, path, options.maxLimit), text };
    return;
  }
  if (modifier === 'sort' || modifier === 'order') {
    if (segment.sort) throw new UnexpectedIncludesParameterError(path, 'sort()/order() is given twice');
    segment.sort = { ...parseSort(args, path), text: text.replace(/^order/, 'sort') };
    return;
  }
  if (modifier === 'filter') {
    const [field, operator, value] = rawArgs.split('|');
    if (rawArgs.split('|').length !== 3 || !SORT_KEY.test(field.replace(/\./g, '_')) || !/^[a-z]+$/.test(operator)) {
      throw new UnexpectedIncludesParameterError(path, 'filter() takes filter(field|operator|value): filter(rating|gte|4)');
    }
    segment.filters ??= [];
    if (segment.filters.length >= MAX_FILTERS) throw new UnexpectedIncludesParameterError(path, `at most ${MAX_FILTERS} filter() on one include`);
    segment.filters.push({ field, operator, value, text });
    return;
  }
  if (AGGREGATES.has(modifier)) {
    if (args.length !== 1 || !SORT_KEY.test(args[0])) throw new UnexpectedIncludesParameterError(path, `${modifier}() takes one column: ${modifier}(rating)`);
    return setAggregate(segment, { fn: modifier as IncludeAggregate['fn'], column: args[0], text }, path);
  }
  throw new UnexpectedIncludesParameterError(path, `unknown modifier "${modifier}"; use ${MODIFIERS}`);
}

function setAggregate(segment: ParsedSegment, aggregate: IncludeAggregate & { text: string }, path: string): void {
  if (segment.aggregate) throw new UnexpectedIncludesParameterError(path, 'one aggregate a path: write comments:count,comments:avg(rating)');
  segment.aggregate = aggregate;
}

function parseLimit(args: string[], path: string, maxLimit: number): { limit: number; offset: number } {
  if (args.length > 2) throw new UnexpectedIncludesParameterError(path, 'limit() takes limit(n) or limit(n|offset)');
  const limit = toInteger(args[0], 'limit', path);
  const offset = args.length === 2 ? toInteger(args[1], 'offset', path) : 0;
  if (limit > maxLimit) throw new UnexpectedIncludesParameterError(path, `limit must be between 0 and ${maxLimit}, got ${limit}`);
  if (offset > MAX_OFFSET) throw new UnexpectedIncludesParameterError(path, `offset must be between 0 and ${MAX_OFFSET}`);
  return { limit, offset };
}

function toInteger(text: string, what: string, path: string): number {
  if (!/^\d{1,10}$/.test(text)) {
    throw new UnexpectedIncludesParameterError(path, `${what} must be a non-negative integer, got "${text}"`);
  }
  return Number(text);
}

function parseSort(args: string[], path: string): { key: string; order?: SortDirection } {
  if (args.length > 2) throw new UnexpectedIncludesParameterError(path, 'sort() takes sort(key) or sort(key|asc or desc)');
  const [key, direction] = args;
  if (!SORT_KEY.test(key)) throw new UnexpectedIncludesParameterError(path, `"${key}" is not a sort key (letters, digits and _ only)`);
  if (direction === undefined) return { key };
  const order = direction.toLowerCase();
  if (order !== 'asc' && order !== 'desc') {
    throw new UnexpectedIncludesParameterError(path, `sort direction must be asc or desc, got "${direction}"`);
  }
  return { key, order };
}
