import { UnexpectedExcludesParameterError, UnexpectedIncludesParameterError } from '../errors/ApiError';
import { fieldKey } from '../text/fieldKey';
import { EMPTY_EXCLUDE_TREE, ExcludeTree, IncludeNode, IncludeTree } from '../query/IncludeTree';
import { Transformer } from './Transformer';

const NONE: ReadonlySet<string> = new Set<string>();

/**
 * The includes of one level for a transformer: the requested names checked against its
 * `availableIncludes` (and the action's `@AvailableIncludes` at the top), then its defaults, less
 * the excluded. Each pair is the declared name and the name as the request spelled it. `unusable`:
 * includes the principal may not use, refused (and left out of defaults) as if not declared. An unknown
 * name, or an exclude that names an include unknown here or reaches below one not included, is a 400.
 *
 * @example
 * includeNames(new BookTransformer(), tree, EMPTY_EXCLUDE_TREE); // [['author', 'author']]
 */
export function includeNames(
  transformer: Transformer,
  node: IncludeTree | IncludeNode,
  exclude: ExcludeTree,
  narrow?: readonly string[],
  unusable: ReadonlySet<string> = NONE,
): Array<[string, string]> {
  const allowed = allowedIncludes(transformer, unusable, narrow);
  const byKey = new Map(allowed.map((name) => [fieldKey(name), name]));
  const names: Array<[string, string]> = [];
  for (const [requested, child] of node.children) {
    const declared = byKey.get(fieldKey(requested));
    if (!declared) throw unknownInclude(transformer, child.path, requested, unusable, narrow);
    names.push([declared, requested]);
  }
  for (const name of transformer.defaultIncludes) {
    if (!unusable.has(name) && !names.some(([declared]) => declared === name)) names.push([name, name]);
  }
  if (exclude.names.size === 0 && exclude.children.size === 0) return names;
  checkExcludes(transformer, exclude, names, unusable);
  const dropped = new Set([...exclude.names].map(fieldKey));
  return names.filter(([declared]) => !dropped.has(fieldKey(declared)));
}

/** The includes a client may name at one level: declared, usable by the principal, within the action's narrowing. */
function allowedIncludes(transformer: Transformer, unusable: ReadonlySet<string>, narrow: readonly string[] | undefined): string[] {
  return transformer.availableIncludes.filter((name) => !unusable.has(name) && (!narrow || narrow.some((n) => fieldKey(n) === fieldKey(name))));
}

/**
 * The 400 for an include name a level does not offer (`path` as the request spelled it), listing those it does.
 *
 * @example
 * throw unknownInclude(new BookTransformer(), 'author.nope', 'nope', new Set());
 */
export function unknownInclude(
  transformer: Transformer,
  path: string,
  requested: string,
  unusable: ReadonlySet<string>,
  narrow?: readonly string[],
): UnexpectedIncludesParameterError {
  const allowed = allowedIncludes(transformer, unusable, narrow);
  return new UnexpectedIncludesParameterError(path, `unknown include "${requested}"; available: ${allowed.join(', ') || 'none'}`);
}

/** Excluded names must be this transformer's includes; a path going deeper must go through one that is included. */
function checkExcludes(transformer: Transformer, exclude: ExcludeTree, included: Array<[string, string]>, unusable: ReadonlySet<string>): void {
  const declared = [...new Set([...transformer.availableIncludes, ...transformer.defaultIncludes])].filter((name) => !unusable.has(name));
  const known = new Set(declared.map(fieldKey));
  for (const name of [...exclude.names, ...exclude.children.keys()]) {
    if (!known.has(fieldKey(name))) {
      throw new UnexpectedExcludesParameterError(`exclude=${name}`, `unknown include "${name}"; available: ${declared.join(', ') || 'none'}`);
    }
  }
  const reached = new Set(included.map(([name]) => fieldKey(name)));
  for (const name of exclude.children.keys()) {
    if (!reached.has(fieldKey(name))) {
      throw new UnexpectedExcludesParameterError(`exclude=${name}.*`, `"${name}" is not included, so nothing below it can be excluded`);
    }
  }
}

/** The excludes below one include (`exclude=author.books` reaches `books` under `author`). */
export function childExclude(exclude: ExcludeTree, name: string): ExcludeTree {
  for (const [key, child] of exclude.children) if (fieldKey(key) === fieldKey(name)) return child;
  return EMPTY_EXCLUDE_TREE;
}

/** Only a Transformer declares includes: asking one of anything else is the client's error. */
export function refuseIncludes(node: IncludeTree | IncludeNode): void {
  const [first] = node.children.values();
  if (first) throw new UnexpectedIncludesParameterError(first.path, `unknown include "${first.name}"; available: none`);
}

/**
 * The columns a request aggregates of one include (`comments:avg(rating)`) must be ones the
 * transformer's `aggregates` allows for it: anything else is a 400 listing them.
 */
export function checkAggregates(transformer: Transformer, name: string, node: IncludeNode, hidden: ReadonlySet<string> = NONE): void {
  const hiddenKeys = new Set([...hidden].map(fieldKey));
  // A column the principal may not read is not offered: refused as one never declared.
  const allowed = (transformer.aggregates[name] ?? []).filter((column) => !hiddenKeys.has(fieldKey(column)));
  for (const { fn, column } of node.aggregates ?? []) {
    if (column === undefined || allowed.some((declared) => fieldKey(declared) === fieldKey(column))) continue;
    throw new UnexpectedIncludesParameterError(
      `${node.path}:${fn}(${column})`,
      `${fn}() of "${column}" is not allowed for ${node.path}; allowed columns: ${allowed.join(', ') || 'none'}`,
    );
  }
}
