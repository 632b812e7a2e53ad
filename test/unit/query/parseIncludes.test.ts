import { expect } from 'chai';
import fc from 'fast-check';
import { IncludeNode, IncludeTree, parseIncludes, UnexpectedIncludesParameterError } from '../../../src';

const options = {
  defaults: { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const },
  maxDepth: 10,
  maxLimit: 100,
  maxPaths: 20,
};

const parse = (input: unknown, overrides = {}) => parseIncludes(input, { ...options, ...overrides });
const node = (tree: IncludeTree | IncludeNode, ...path: string[]): IncludeNode =>
  path.reduce<IncludeTree | IncludeNode>((at, name) => at.children.get(name)!, tree) as IncludeNode;

function rejects(input: unknown, pattern: RegExp, overrides = {}): void {
  expect(() => parse(input, overrides)).to.throw(UnexpectedIncludesParameterError, pattern);
}

describe('parseIncludes()', () => {
  it('reads nothing from an absent or empty value', () => {
    expect(parse(undefined).children.size).to.equal(0);
    expect(parse('').children.size).to.equal(0);
  });

  it('reads one include with the configured defaults', () => {
    const author = node(parse('author'), 'author');
    expect(author.params).to.deep.equal({ limit: 3, offset: 0, sort: 'created_at', order: 'desc' });
    expect(author.sortGiven).to.equal(false);
  });

  it('reads several, comma separated or as an array', () => {
    expect([...parse('author,comments').children.keys()]).to.deep.equal(['author', 'comments']);
    expect([...parse(['author', 'comments']).children.keys()]).to.deep.equal(['author', 'comments']);
  });

  it('reads nested paths and includes their parents', () => {
    const tree = parse('books.comments.author');
    expect(node(tree, 'books', 'comments', 'author').path).to.equal('books.comments.author');
    expect(node(tree, 'books').params.limit).to.equal(3);
  });

  it('reads limit(n|offset) and limit(n)', () => {
    expect(node(parse('comments:limit(5|2)'), 'comments').params).to.include({ limit: 5, offset: 2 });
    expect(node(parse('comments:limit(7)'), 'comments').params).to.include({ limit: 7, offset: 0 });
  });

  it('reads sort(key|dir) and its alias order(key|dir)', () => {
    const sorted = node(parse('comments:sort(title|asc)'), 'comments');
    expect(sorted.params).to.include({ sort: 'title', order: 'asc' });
    expect(sorted.sortGiven).to.equal(true);
    expect(node(parse('comments:order(id|DESC)'), 'comments').params).to.include({ sort: 'id', order: 'desc' });
    expect(node(parse('comments:sort(id)'), 'comments').params).to.include({ sort: 'id', order: 'desc' });
  });

  it('chains modifiers and puts them on any segment of a path', () => {
    const tree = parse('books:limit(2|0):sort(title|asc).comments:limit(1)');
    expect(node(tree, 'books').params).to.deep.equal({ limit: 2, offset: 0, sort: 'title', order: 'asc' });
    expect(node(tree, 'books', 'comments').params).to.include({ limit: 1, offset: 0 });
  });

  it('merges a repeated include and keeps its modifiers', () => {
    const tree = parse('books:limit(2),books.comments');
    expect(node(tree, 'books').params.limit).to.equal(2);
    expect(node(tree, 'books', 'comments')).to.exist;
  });

  describe('rejects with UnexpectedIncludesParameterError', () => {
    it('an unknown modifier, naming the valid ones', () => rejects('comments:top(3)', /unknown modifier "top".*limit\(n\|offset\)/));
    it('a non-integer limit', () => rejects('comments:limit(x)', /limit must be a non-negative integer/));
    it('a negative limit', () => rejects('comments:limit(-1)', /limit must be a non-negative integer/));
    it('a non-integer offset', () => rejects('comments:limit(2|1.5)', /offset must be a non-negative integer/));
    it('a limit above include.maxLimit', () => rejects('comments:limit(101)', /between 0 and 100/));
    it('a direction other than asc/desc', () => rejects('comments:sort(id|up)', /must be asc or desc/));
    it('a sort key that is not an identifier', () => rejects('comments:sort(id;drop)', /not a sort key/));
    it('nesting deeper than include.maxDepth', () => rejects('a.b.c', /at most 2 levels/, { maxDepth: 2 }));
    it('more than include.maxPaths paths', () => rejects('a,b,c', /at most 2 include paths/, { maxPaths: 2 }));
    it('an empty path', () => rejects('author,,comments', /not an include name/));
    it('a name with odd characters', () => {
      for (const name of ['auth$or', 'au/thor', '-author', 'auth or']) rejects(name, /not an include name \(letters, digits, _ and - only\)/);
    });
    it('unbalanced parentheses', () => rejects('comments:limit(3', /not a modifier/));
    it('a modifier given twice', () => rejects('comments:limit(1):limit(2)', /limit\(\) is given twice/));
    it('one include with two different modifiers', () => rejects('comments:limit(1),comments:limit(2)', /given twice with different/));
    it('a non-string value', () => rejects({ a: 1 }, /must be a string/));
    it('a huge value', () => rejects('a,'.repeat(3000), /at most 4096 characters/));
    it('names the parameter in the message', () => rejects('books.comments:limit(x)', /"books\.comments:limit\(x\)"/));
  });

  describe('property: any input parses within the limits or raises the one error type', () => {
    const within = (tree: IncludeTree | IncludeNode, depth: number): boolean =>
      depth <= options.maxDepth &&
      [...tree.children.values()].every(
        (child) =>
          child.params.limit <= options.maxLimit &&
          child.params.limit >= 0 &&
          child.params.offset >= 0 &&
          ['asc', 'desc'].includes(child.params.order) &&
          within(child, depth + 1),
      );
    const check = (input: unknown) => {
      try {
        const tree = parse(input);
        expect(within(tree, 0)).to.equal(true);
      } catch (error) {
        expect(error).to.be.instanceOf(UnexpectedIncludesParameterError);
      }
    };
    const alphabet = fc.constantFrom(...'abc_.,:()|0123456789-xyz'.split(''), 'limit', 'sort', 'order', 'asc', 'desc', '(3|0)', '.', ':');
    const valid = fc
      .array(fc.tuple(fc.constantFrom('author', 'comments', 'books'), fc.option(fc.nat(200)), fc.option(fc.constantFrom('asc', 'desc', 'up'))), {
        minLength: 1,
        maxLength: 12,
      })
      .map((segments) =>
        segments.map(([name, limit, dir]) => `${name}${limit === null ? '' : `:limit(${limit}|1)`}${dir === null ? '' : `:sort(id|${dir})`}`).join('.'),
      );

    it('for random strings', () => fc.assert(fc.property(fc.string({ maxLength: 200 }), check), { numRuns: 3000 }));
    it('for strings of include syntax pieces', () =>
      fc.assert(
        fc.property(
          fc.array(alphabet, { maxLength: 60 }).map((p) => p.join('')),
          check,
        ),
        { numRuns: 3000 },
      ));
    it('for mutated well-formed paths', () =>
      fc.assert(
        fc.property(valid, fc.nat(300), fc.constantFrom('', '.', ',', ':', '(', ')', '|', 'x'), (path, at, insert) =>
          check(path.slice(0, at) + insert + path.slice(at)),
        ),
        { numRuns: 3000 },
      ));
    it('for arrays of strings', () => fc.assert(fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 25 }), check), { numRuns: 1000 }));
  });
});
