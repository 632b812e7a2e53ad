import { MAX_INPUT_LENGTH as MAX_INCLUDE_LENGTH } from '../query/parseIncludes';
import { MAX_FILTERS } from '../query/parseSegment';
import type { Transformer } from '../transformer/Transformer';
import { anyPathPattern, depthPattern, INCLUDE_NAME, includePathPattern, SEGMENT_TEXT } from './includePaths';
import type { JsonSchema } from './schemaTypes';

/** An include's `filter(field|operator|value)` (a value holds no `|`, `(`, `)`, `:` or `,`). */
const FILTER = 'filter\\([A-Za-z_][A-Za-z0-9_.]*\\|[a-z]+\\|[^|():,]*\\)';

/** A whole number from 0 to `max`, as a pattern (exact for the default 100 and for single digits). */
function upTo(max: number): string {
  if (max === 100) return '(100|[1-9]?\\d)';
  if (max < 10) return `[0-${max}]`;
  return `\\d{1,${String(max).length}}`;
}

/** An include segment's modifiers: `limit(n|offset)` with n at most `include.maxLimit`, `sort()`, `filter()`. */
const modifiers = (maxLimit: number) => `(:(limit\\(${upTo(maxLimit)}(\\|\\d{1,9})?\\)|(sort|order)\\([A-Za-z_][A-Za-z0-9_]*(\\|(asc|desc))?\\)|${FILTER}))*`;

/** An aggregate ending a path: `:count`, `:exists`, `:avg(rating)`... */
const AGGREGATE = `((:${FILTER})*:(count|exists|(sum|avg|min|max)\\([A-Za-z_][A-Za-z0-9_]*\\))(:${FILTER})*)`;

/**
 * Any run of modifiers, unread: what follows a name up to the next segment. `(:text)?`, not
 * `(:text)*`: `:` is text itself, so the starred form names the same strings in exponentially many
 * ways (a validator backtracks through all of them on `books::::...::.x`).
 */
const ANY_MODIFIERS = `(:${SEGMENT_TEXT})?`;

/** One modifier with its arguments: `name(...)`. */
const call = (name: string) => `:${name}\\([^()]*\\)`;

/**
 * What the parser refuses inside one segment, as patterns a path must not match: `limit()` or
 * `sort()` given twice, more than `MAX_FILTERS` `filter()`.
 */
const SEGMENT_RULES: JsonSchema[] = [
  `${call('limit')}${SEGMENT_TEXT}${call('limit')}`,
  `${call('(sort|order)')}${SEGMENT_TEXT}${call('(sort|order)')}`,
  `${call('filter')}(${SEGMENT_TEXT}${call('filter')}){${MAX_FILTERS}}`,
].map((pattern) => ({ not: { pattern } }));

/**
 * One path of the `include` parameter as the server reads it: the names of the include graph from
 * the action's (`names`) down (`author.books.publisher`), each segment's modifiers, an aggregate at
 * the end, at most `maxDepth` segments, `maxLimit`, and the per-segment rules. A graph whose every
 * path written out with its modifiers would pass 16 kB is described by two patterns together: its
 * names with the modifiers unread, and the modifiers' syntax on any names.
 */
export function includePathSchema(
  transformer: Transformer,
  names: readonly string[],
  { maxLimit, maxDepth }: { maxLimit: number; maxDepth: number },
  namesOf: (transformer: Transformer) => readonly string[] = (each) => each.availableIncludes,
): JsonSchema {
  const each = modifiers(maxLimit);
  const rules = [{ pattern: depthPattern(maxDepth) }, ...SEGMENT_RULES];
  const whole = includePathPattern(transformer, names, each, namesOf, AGGREGATE);
  const base = { type: 'string', maxLength: MAX_INCLUDE_LENGTH };
  if (whole) return { ...base, pattern: whole, allOf: rules };
  const namesOnly = includePathPattern(transformer, names, ANY_MODIFIERS, namesOf) ?? anyPathPattern(names, ANY_MODIFIERS);
  const syntax = `^(${INCLUDE_NAME}${each}\\.)*${INCLUDE_NAME}(${each}|${AGGREGATE})$`;
  return { ...base, pattern: namesOnly, allOf: [{ pattern: syntax }, ...rules] };
}

/** One path of the `exclude` parameter: an include of the action (a default one too), then those of each included transformer. */
export function excludePathSchema(
  transformer: Transformer,
  names: readonly string[],
  maxDepth: number,
  usable: (transformer: Transformer, names: readonly string[]) => readonly string[] = (_each, all) => all,
): JsonSchema {
  const everyInclude = (each: Transformer) => usable(each, [...new Set([...each.availableIncludes, ...each.defaultIncludes])]);
  const pattern = includePathPattern(transformer, names, '', everyInclude) ?? anyPathPattern(names, '');
  return { type: 'string', maxLength: MAX_INCLUDE_LENGTH, pattern, allOf: [{ pattern: depthPattern(maxDepth) }] };
}
