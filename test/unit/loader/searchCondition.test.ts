import { expect } from 'chai';
import fc from 'fast-check';
import { parseWebSearch, tsQuery } from '../../../src/loader/searchCondition';

describe('parseWebSearch()', () => {
  it('reads words, "phrases", -words, -"phrases" and or; drops alternatives with nothing that must be there', () => {
    expect(parseWebSearch('compiler -lazy or "silent river"')).to.deep.equal([
      { must: ['compiler'], not: ['lazy'] },
      { must: ['silent river'], not: [] },
    ]);
    expect(parseWebSearch('-silent')).to.deep.equal([]);
    expect(parseWebSearch('or silent or')).to.deep.equal([{ must: ['silent'], not: [] }]);
    expect(parseWebSearch('silent-harbour')).to.deep.equal([{ must: ['silent harbour'], not: [] }]);
    expect(parseWebSearch('a" OR "b')).to.deep.equal([
      { must: ['a'], not: [] },
      { must: ['b'], not: [] },
    ]);
    expect(parseWebSearch('École -"pure garden')).to.deep.equal([{ must: ['école'], not: ['pure garden'] }]);
  });
});

describe('tsQuery()', () => {
  it('writes the clauses as a tsquery: phrases with <->, ! for what must not be there, & and |', () => {
    expect(tsQuery(parseWebSearch('silent -harbour or "pure garden"'))).to.equal("('silent' & !'harbour') | (('pure' <-> 'garden'))");
  });

  it('quotes only letters and digits, whatever the text holds: no operator, quote or backslash of the client reaches the tsquery', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const query = tsQuery(parseWebSearch(text));
        // Outside the quoted lexemes only the query's own operators, parentheses and spaces.
        const outside = query.replace(/'[\p{L}\p{N}]+'/gu, '');
        return /^[()&|!<\->\s]*$/.test(outside);
      }),
    );
  });
});
