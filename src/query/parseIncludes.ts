import type { ApiConfig } from '../config/ApiConfig';
import { UnexpectedIncludesParameterError } from '../errors/ApiError';
import type { IncludeAggregate, IncludeFilter, IncludeNode, IncludeParams, IncludeParseOptions, IncludeTree } from './IncludeTree';
import { parseSegment, ParsedSegment } from './parseSegment';

/** Longest include value accepted at all, before any parsing work. */
/** The characters one include (or exclude) parameter may hold in all. */
export const MAX_INPUT_LENGTH = 4096;

interface MutableNode {
  name: string;
  path: string;
  params: IncludeParams;
  sortGiven: boolean;
  given: { limit?: string; sort?: string; filters?: string };
  children: Map<string, MutableNode>;
  aggregates: Array<IncludeAggregate & { text: string }>;
  /** True once a path asks for the relation's rows (itself, or something below it). */
  rows: boolean;
  filters: IncludeFilter[];
}

/**
 * Parses the `include` query value (`a,b.c:limit(2|0)` or an array of such) into a tree.
 * Names are not checked here (only the transformers know theirs); everything else is, and any
 * violation throws `UnexpectedIncludesParameterError`.
 *
 * @example
 * const tree = parseIncludes('author,comments:limit(3|0):sort(created_at|desc)', options);
 * tree.children.get('comments')?.params.limit; // 3
 */
export function parseIncludes(input: unknown, options: IncludeParseOptions): IncludeTree {
  const paths = splitPaths(input);
  if (paths.length > options.maxPaths) {
    throw new UnexpectedIncludesParameterError(
      paths.slice(0, 3).join(',') + ',...',
      `at most ${options.maxPaths} include paths are allowed, got ${paths.length}`,
    );
  }
  const root = new Map<string, MutableNode>();
  for (const path of paths) addPath(root, path, options);
  return { children: freeze(root) };
}

export function splitPaths(input: unknown): string[] {
  if (input === undefined || input === null || input === '') return [];
  const values = Array.isArray(input) ? input : [input];
  if (!values.every((value): value is string => typeof value === 'string')) {
    throw new UnexpectedIncludesParameterError(JSON.stringify(input), 'must be a string or a list of strings');
  }
  const joined = values.join(',');
  if (joined.length > MAX_INPUT_LENGTH) {
    throw new UnexpectedIncludesParameterError(joined.slice(0, 40) + '...', `at most ${MAX_INPUT_LENGTH} characters are allowed`);
  }
  return joined.split(',').map((path) => path.trim());
}

function addPath(root: Map<string, MutableNode>, path: string, options: IncludeParseOptions): void {
  const segments = splitSegments(path);
  if (segments.length > options.maxDepth) {
    throw new UnexpectedIncludesParameterError(path, `includes may nest at most ${options.maxDepth} levels deep`);
  }
  let level = root;
  let prefix = '';
  segments.forEach((text, i) => {
    const segment = parseSegment(text, path, options);
    prefix = prefix ? `${prefix}.${segment.name}` : segment.name;
    const node = level.get(segment.name) ?? newNode(segment.name, prefix, options.defaults);
    if (segment.filters) {
      // The filters are the relation's, for its rows and its aggregates alike: given twice, they must agree.
      const text = segment.filters.map((filter) => filter.text).join(':');
      conflictCheck(node.given.filters, text, node.path, path);
      node.given.filters = text;
      node.filters = segment.filters.map(({ field, operator, value }) => Object.freeze({ field, operator, value }));
    }
    if (segment.aggregate) {
      if (i < segments.length - 1) throw new UnexpectedIncludesParameterError(path, `${segment.aggregate.text} ends a path: nothing can be included below it`);
      if (!node.aggregates.some((aggregate) => aggregate.text === segment.aggregate!.text)) node.aggregates.push(segment.aggregate);
    } else {
      node.rows = true;
      mergeSegment(node, segment, path);
    }
    level.set(segment.name, node);
    level = node.children;
  });
}

/** Splits `a:limit(1).b` on the dots that are outside parentheses. */
function splitSegments(path: string): string[] {
  const segments: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    const char = path[i];
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '.' && depth === 0) {
      segments.push(path.slice(start, i));
      start = i + 1;
    }
  }
  segments.push(path.slice(start));
  return segments;
}

function newNode(name: string, path: string, defaults: IncludeParams): MutableNode {
  return { name, path, params: defaults, sortGiven: false, given: {}, children: new Map(), aggregates: [], rows: false, filters: [] };
}

/** Applies a segment's modifiers; the same include given twice must not disagree. */
function mergeSegment(node: MutableNode, segment: ParsedSegment, path: string): void {
  let { limit, offset, sort, order } = node.params;
  if (segment.limit) {
    conflictCheck(node.given.limit, segment.limit.text, node.path, path);
    node.given.limit = segment.limit.text;
    ({ limit, offset } = segment.limit);
  }
  if (segment.sort) {
    conflictCheck(node.given.sort, segment.sort.text, node.path, path);
    node.given.sort = segment.sort.text;
    sort = segment.sort.key;
    order = segment.sort.order ?? order;
    node.sortGiven = true;
  }
  node.params = Object.freeze({ limit, offset, sort, order: order });
}

function conflictCheck(previous: string | undefined, next: string, include: string, path: string): void {
  if (previous !== undefined && previous !== next) {
    throw new UnexpectedIncludesParameterError(path, `"${include}" is given twice with different modifiers (${previous}, ${next})`);
  }
}

function freeze(level: Map<string, MutableNode>): ReadonlyMap<string, IncludeNode> {
  const frozen = new Map<string, IncludeNode>();
  for (const [name, node] of level) {
    const { path, params, sortGiven, rows } = node;
    const filters = node.filters.length > 0 ? Object.freeze([...node.filters]) : undefined;
    const aggregates = node.aggregates.length > 0 ? Object.freeze(node.aggregates.map(({ fn, column }) => Object.freeze({ fn, column }))) : undefined;
    frozen.set(
      name,
      Object.freeze({ name, path, params, sortGiven, limitGiven: node.given.limit !== undefined, children: freeze(node.children), aggregates, rows, filters }),
    );
  }
  return frozen;
}

/**
 * The include defaults of a config (`include.params`): `limit(3|0)` and `sort(created_at|desc)`
 * as one segment's parameters.
 *
 * @example
 * includeDefaults({ limit: [3, 0], sort: ['created_at', 'desc'] }); // { limit: 3, offset: 0, sort: 'created_at', order: 'desc' }
 */
export function includeDefaults({ limit, sort }: ApiConfig['include']['params']): IncludeParams {
  return { limit: limit[0], offset: limit[1], sort: sort[0], order: sort[1] };
}
