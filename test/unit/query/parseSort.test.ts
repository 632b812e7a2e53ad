import { expect } from 'chai';
import { ApiError } from '../../../src';
import { parseSort } from '../../../src/query/parseSort';
import { parseExcludes } from '../../../src/query/parseExcludes';

describe('parseSort()', () => {
  it('reads -field for descending and field for ascending, in order, in any spelling, as the action names them', () => {
    expect(parseSort('-created,publishedAt', ['title', 'published_at', 'created'])).to.deep.equal([
      { field: 'created', direction: 'desc' },
      { field: 'published_at', direction: 'asc' },
    ]);
    expect(parseSort(undefined, ['title'])).to.equal(null);
  });

  it('answers 400 naming the allowed fields, for an empty key, a field given twice, a repeated parameter', () => {
    for (const [value, reason] of [
      ['nope', 'allowed: title, created'],
      ['title,', 'empty'],
      ['-title,title', 'given twice'],
      [['title', 'created'], 'once'],
      ['x'.repeat(600), 'at most'],
    ] as const) {
      let error: ApiError | undefined;
      try {
        parseSort(value as string | string[], ['title', 'created']);
      } catch (e) {
        error = e as ApiError;
      }
      expect([error?.code, error?.status], String(value)).to.deep.equal(['RCA_SORT_INVALID', 400]);
      expect(error!.message).to.contain(reason);
    }
  });
});

describe('parseExcludes()', () => {
  const options = { maxDepth: 3, maxPaths: 4 };
  it('puts each path last name at the level its prefix reaches', () => {
    const tree = parseExcludes('publisher,author.books,author.books.comments', options);
    expect([...tree.names]).to.deep.equal(['publisher']);
    expect([...tree.children.get('author')!.names]).to.deep.equal(['books']);
    expect([...tree.children.get('author')!.children.get('books')!.names]).to.deep.equal(['comments']);
  });

  it('answers 400 for modifiers, bad names, too deep or too many paths', () => {
    for (const value of ['author:limit(1)', 'a..b', 'a.b.c.d', 'a,b,c,d,e']) {
      expect(() => parseExcludes(value, options), value).to.throw(ApiError, /exclude=/);
    }
  });
});
