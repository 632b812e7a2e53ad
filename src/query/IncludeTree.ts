/** The parsed modifiers of one include: `comments:limit(3|0):sort(created_at|desc)`. */
export interface IncludeParams {
  readonly limit: number;
  readonly offset: number;
  readonly sort: string;
  readonly order: SortDirection;
}

/** The order of a sort key: `sort=title` is `asc`, `sort=-title` `desc`. */
export type SortDirection = 'asc' | 'desc';

/** An aggregate of a relation asked instead of (or beside) its rows: `comments:count`, `comments:avg(rating)`. */
export interface IncludeAggregate {
  readonly fn: 'count' | 'exists' | 'sum' | 'avg' | 'min' | 'max';
  /** The attribute of `sum`, `avg`, `min` and `max` (as the request spelled it). */
  readonly column?: string;
}

/** A condition on an include's related rows, as written: `comments:filter(rating|gte|4)`. */
export interface IncludeFilter {
  readonly field: string;
  readonly operator: string;
  readonly value: string;
}

/** One include in the tree: its parameters and the includes nested below it (`a.b`). */
export interface IncludeNode {
  readonly name: string;
  /** The dotted path from the root, for error messages: `books.comments`. */
  readonly path: string;
  readonly params: IncludeParams;
  /** True when the request chose the sort key itself (then it must be allowed). */
  readonly sortGiven: boolean;
  /** True when the request gave `limit(n)` itself (else the transformer's `limits` may set it). */
  readonly limitGiven?: boolean;
  readonly children: ReadonlyMap<string, IncludeNode>;
  /** Aggregates asked of the relation (`comments:count`); none when absent. */
  readonly aggregates?: readonly IncludeAggregate[];
  /** False when only aggregates were asked: the relation's rows are not loaded. Absent: true. */
  readonly rows?: boolean;
  /** Conditions the related rows (and their aggregates) must meet; none when absent. */
  readonly filters?: readonly IncludeFilter[];
}

/** The root: the includes requested at the top level. */
export interface IncludeTree {
  readonly children: ReadonlyMap<string, IncludeNode>;
}

/** The parsed `exclude`: at each level, the includes dropped there and the paths that go deeper. */
export interface ExcludeTree {
  /** Names dropped at this level (as the request spelled them). */
  readonly names: ReadonlySet<string>;
  readonly children: ReadonlyMap<string, ExcludeTree>;
}

export const EMPTY_EXCLUDE_TREE: ExcludeTree = Object.freeze({ names: new Set<string>(), children: new Map() });

/** The limits and defaults parsing applies; `include.*` of the config. */
export interface IncludeParseOptions {
  defaults: IncludeParams;
  maxDepth: number;
  maxLimit: number;
  maxPaths: number;
}

/** An empty tree, e.g. for a request without `include`. */
export const EMPTY_INCLUDE_TREE: IncludeTree = Object.freeze({ children: new Map() });

/** The child node of an include, or a defaults-only node when the include was not requested. */
export function childNode(parent: IncludeTree | IncludeNode, name: string, defaults: IncludeParams): IncludeNode {
  const found = parent.children.get(name);
  if (found) return found;
  const path = 'path' in parent ? `${parent.path}.${name}` : name;
  return { name, path, params: defaults, sortGiven: false, children: new Map() };
}
