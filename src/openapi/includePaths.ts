import { includeShapes } from '../transformer/includeShapes';
import type { Transformer } from '../transformer/Transformer';

/** An include name as a transformer may declare one; the segment of an include that cannot be known in advance. */
export const INCLUDE_NAME = '[A-Za-z_][A-Za-z0-9_-]*';

/** The text of one path segment: anything but a dot, a dot only inside a modifier's parentheses (`filter(author.name|eq|x)`). */
export const SEGMENT_TEXT = '([^.()]|\\([^()]*\\))*';

/**
 * At most `maxDepth` segments, split on the dots outside parentheses as the parser splits them (a
 * dot in a filter's field or value, `4.5`, starts none).
 *
 * @example
 * new RegExp(depthPattern(2)).test('author.books'); // true; 'author.books.publisher' is false
 */
export function depthPattern(maxDepth: number): string {
  return `^${SEGMENT_TEXT}(\\.${SEGMENT_TEXT}){0,${Math.max(0, maxDepth - 1)}}$`;
}

/** The longest pattern written out; a larger include graph is described by its top-level names only. */
const MAX_PATTERN_LENGTH = 16_384;

/**
 * The regular expression of every include path the server accepts for an action: a top-level name,
 * then the names of the transformer it includes (`namesOf`: its available includes, for `include`),
 * and so on (`author.books.publisher`), each segment followed by `modifiers`, the last one by
 * `modifiers` or `ending` (an aggregate: `comments:count`). Includes form a graph of transformers that may loop (books.author.books),
 * so the paths are a regular language: each transformer class is one state, solved into a pattern
 * by eliminating the states one by one (Arden's rule: X = A X | B is X = A* B). An include whose
 * transformer cannot be learnt in advance (async or batched methods that declare none in
 * `includeTransformers`) ends a path, as the server refuses names below it. Null when the pattern
 * would exceed 16 kB.
 *
 * @example
 * includePathPattern(new BookTransformer(), ['author', 'publisher', 'comments'], '');
 * // ^(author(\.books(\.(author|publisher|comments)...)?)?|...)$: author.books matches, author.nope does not
 */
export function includePathPattern(
  root: Transformer,
  topNames: readonly string[],
  modifiers: string,
  namesOf: (transformer: Transformer) => readonly string[] = (transformer) => transformer.availableIncludes,
  ending = '',
): string | null {
  const equations = new Map<object, Equation>();
  const ROOT = {};
  const pending: Array<[object, Transformer, readonly string[]]> = [[ROOT, root, topNames]];
  const stateOf = (transformer: Transformer) => {
    const state = transformer.constructor;
    if (!equations.has(state) && !pending.some(([queued]) => queued === state)) {
      pending.push([state, transformer, namesOf(transformer)]);
    }
    return state;
  };
  for (let next = pending.shift(); next; next = pending.shift()) {
    const [state, transformer, names] = next;
    const equation: Equation = { constant: [], coefficients: new Map() };
    equations.set(state, equation);
    const shapes = includeShapes(transformer);
    for (const name of names) {
      const segment = escapePattern(name) + modifiers;
      // The last segment of a path may end in an aggregate instead (`comments:count`).
      const last = ending ? `${escapePattern(name)}(${modifiers}|${ending})` : segment;
      const child = shapes.find((shape) => shape.name === name)?.transformer;
      equation.constant.push(last);
      // Nothing may be named below an include whose transformer is not known before it runs (the server refuses it).
      if (!child) continue;
      addTerm(equation.coefficients, stateOf(child), `${segment}\\.`);
    }
  }
  const solved = solve(equations, ROOT);
  return solved.length > MAX_PATTERN_LENGTH ? null : `^${solved}$`;
}

/** X = constant | coefficient(Y) Y | ...: alternatives, as regular expressions. */
interface Equation {
  constant: string[];
  coefficients: Map<object, string[]>;
}

function addTerm(terms: Map<object, string[]>, state: object, pattern: string): void {
  const list = terms.get(state);
  if (list) list.push(pattern);
  else terms.set(state, [pattern]);
}

function alternatives(patterns: readonly string[]): string {
  return patterns.length === 1 ? patterns[0] : `(${patterns.join('|')})`;
}

/** Eliminates every state but the root, then the root's own loop. */
function solve(equations: Map<object, Equation>, root: object): string {
  for (const [state, equation] of equations) {
    if (state === root) continue;
    const loop = equation.coefficients.get(state);
    equation.coefficients.delete(state);
    // Arden: X = A X | B  =>  X = A* B.
    const prefix = loop ? `(${loop.join('|')})*` : '';
    const constant = equation.constant.length > 0 ? [prefix + alternatives(equation.constant)] : [];
    const terms = [...equation.coefficients].map(([other, patterns]): [object, string] => [other, prefix + alternatives(patterns)]);
    equations.delete(state);
    for (const target of equations.values()) {
      const into = target.coefficients.get(state);
      if (!into) continue;
      target.coefficients.delete(state);
      const lead = alternatives(into);
      for (const part of constant) target.constant.push(lead + part);
      for (const [other, pattern] of terms) addTerm(target.coefficients, other, lead + pattern);
    }
  }
  const equation = equations.get(root)!;
  const loop = equation.coefficients.get(root);
  return (loop ? `(${loop.join('|')})*` : '') + alternatives(equation.constant);
}

/**
 * Text as a literal inside a pattern. `-` is left as it is: outside a character class it is no
 * operator, and `\-` is refused by validators that read patterns as Unicode regular expressions (ajv).
 */
export function escapePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Any path of names below one of `names`, each followed by `modifiers`: for a graph too large to write out. */
export function anyPathPattern(names: readonly string[], modifiers: string): string {
  return `^(${names.map(escapePattern).join('|')})${modifiers}(\\.${INCLUDE_NAME}${modifiers})*$`;
}
