import { UnexpectedExcludesParameterError } from '../errors/ApiError';
import { EMPTY_EXCLUDE_TREE, ExcludeTree, IncludeParseOptions } from './IncludeTree';
import { splitPaths } from './parseIncludes';
import { INCLUDE_NAME } from './parseSegment';

interface MutableExclude {
  names: Set<string>;
  children: Map<string, MutableExclude>;
}

/**
 * Parses the `exclude` query value (`publisher,author.books`): each path drops its last name, a
 * default include too, at the level its prefix reaches. Names only, no modifiers; the same depth
 * and path limits as `include`. Names are checked against the transformers when they are reached.
 *
 * @example
 * parseExcludes('author.books', options).children.get('author')?.names; // Set { 'books' }
 */
export function parseExcludes(input: unknown, options: Pick<IncludeParseOptions, 'maxDepth' | 'maxPaths'>, key = 'exclude'): ExcludeTree {
  const paths = splitPaths(input);
  if (paths.length === 0) return EMPTY_EXCLUDE_TREE;
  if (paths.length > options.maxPaths) {
    throw new UnexpectedExcludesParameterError(`${key}=${paths.slice(0, 3).join(',')},...`, `at most ${options.maxPaths} exclude paths are allowed`);
  }
  const root: MutableExclude = { names: new Set(), children: new Map() };
  for (const path of paths) {
    const names = path.split('.');
    if (names.length > options.maxDepth)
      throw new UnexpectedExcludesParameterError(`${key}=${path}`, `excludes may nest at most ${options.maxDepth} levels deep`);
    const bad = names.find((name) => !INCLUDE_NAME.test(name));
    if (bad !== undefined)
      throw new UnexpectedExcludesParameterError(`${key}=${path}`, `"${bad.slice(0, 40)}" is not an include name (letters, digits, _ and - only)`);
    let level = root;
    for (const name of names.slice(0, -1)) {
      let next = level.children.get(name);
      if (!next) level.children.set(name, (next = { names: new Set(), children: new Map() }));
      level = next;
    }
    level.names.add(names[names.length - 1]);
  }
  return root;
}
