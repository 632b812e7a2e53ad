import { UnexpectedIncludesParameterError } from '../errors/ApiError';
import { checkFieldsetNames } from './checkFieldsetNames';
import type { Fieldsets } from '../query/Fieldset';
import { EMPTY_INCLUDE_TREE, ExcludeTree, IncludeNode, IncludeTree } from '../query/IncludeTree';
import { includeFilterRequest } from './includeFilter';
import { DEFAULT_FILTER_LIMITS, FilterLimits } from '../query/parseFilter';
import { checkSortAllowed } from '../loader/sortKey';
import { checkAggregates, childExclude, includeNames, refuseIncludes } from './includeNames';
import { includeShapes } from './includeShapes';
import { transformerSortKeys } from './includeSortKeys';
import type { TransformerLike } from './Resource';
import { Transformer } from './Transformer';
import { AccessView, includeTarget, unusableIncludes, withoutHiddenKeys } from './AccessView';

const NOTHING: ReadonlySet<string> = new Set<string>();

/** The parts of a request's query whose names a transformer declares. */
export interface NamedQuery {
  include: IncludeTree;
  exclude: ExcludeTree;
  narrow: readonly string[] | undefined;
  fieldsets: Fieldsets;
}

export interface NameCheckOptions {
  /** The type the action's resources are sent as (its `@Transformer` resource key). */
  resourceKey?: string;
  /** How field names are spelled in the response (the configured key conversion). */
  displayKey?: (name: string) => string;
  /** `filter.*` of the config, for the includes' `filter()` conditions. */
  filterLimits?: FilterLimits;
  /** What the request's principal may not use (its policies): refused as names that do not exist. */
  access?: AccessView;
}

/**
 * Checks the names a request gives (includes at every level, excludes, include sort keys and
 * sparse fieldsets) against the action's transformer and the transformers its include methods
 * name, before the action runs: a request that would be refused is refused before any SQL and
 * before any write. Below an include whose method needs real data (async, batched or computed),
 * the transformer its `includeTransformers` declares is checked; undeclared, a name below it is a 400.
 *
 * @example
 * checkRequestNames(new BookTransformer(), requestQuery(context), { resourceKey: 'books' }); // 400 for include=author.nope
 */
export function checkRequestNames(transformer: TransformerLike, query: NamedQuery, options: NameCheckOptions = {}): void {
  if (!(transformer instanceof Transformer)) {
    refuseIncludes(query.include);
    return;
  }
  const root = transformer as Transformer;
  const types = new Map<string, Transformer>();
  if (options.resourceKey !== undefined) types.set(options.resourceKey, root);
  const level = { types, limits: options.filterLimits ?? DEFAULT_FILTER_LIMITS, access: options.access };
  checkLevel(root, query.include, query.exclude, query.narrow, level);
  for (const [type, fieldset] of query.fieldsets) {
    const known = types.get(type);
    if (known?.schema) checkFieldsetNames(fieldset, Object.keys(known.schema), known, options.displayKey, options.access);
  }
}

/** Why nothing may be named below an include whose transformer is not known before it runs. */
function unknownBelow(transformer: Transformer, method: string, name: string): string {
  return (
    `nothing can be included or excluded below "${name}": ${transformer.constructor.name}.${method}() shows its transformer only as it runs ` +
    `(declare it: includeTransformers = { ${name}: SomeTransformer })`
  );
}

/** One level: its names, then each requested include whose transformer is known, collecting the types reached. */
/** What every level is checked with: the types reached so far, the filter bounds, the principal's view. */
interface LevelChecks {
  types: Map<string, Transformer>;
  limits: FilterLimits;
  access: AccessView | undefined;
}

function checkLevel(
  transformer: Transformer,
  node: IncludeTree | IncludeNode,
  exclude: ExcludeTree,
  narrow: readonly string[] | undefined,
  { types, limits, access }: LevelChecks,
): void {
  const names = includeNames(transformer, node, exclude, narrow, unusableIncludes(access, transformer));
  if (names.length === 0) return;
  const shapes = includeShapes(transformer);
  for (const [name, requested] of names) {
    const child = node.children.get(requested);
    const target = access && includeTarget(access, transformer, name);
    const hidden = target ? access.hidden(target) : NOTHING;
    if (child?.aggregates) checkAggregates(transformer, name, child, hidden);
    if (child?.filters) includeFilterRequest(transformer, name, child, limits, access);
    const shape = shapes.find((candidate) => candidate.name === name)!;
    const below = childExclude(exclude, name);
    const deeper = (child?.children.size ?? 0) > 0 || below.names.size > 0 || below.children.size > 0;
    if (!shape.transformer) {
      // Names below it cannot be known before the action: refused, not left to the data to reveal (or
      // not). Its sort() is the method's to read, as its params are.
      if (deeper) throw new UnexpectedIncludesParameterError(child?.path ?? name, unknownBelow(transformer, shape.method, name));
      continue;
    }
    if (!types.has(shape.type)) types.set(shape.type, shape.transformer);
    if (child?.sortGiven) {
      const declared = transformer.sortable[name];
      const keys = withoutHiddenKeys(declared ? { allowed: declared } : transformerSortKeys(shape.transformer), hidden);
      checkSortAllowed({ params: child.params, sortGiven: true, path: child.path, ...keys });
    }
    if (deeper) checkLevel(shape.transformer, child ?? EMPTY_INCLUDE_TREE, below, undefined, { types, limits, access });
  }
}
