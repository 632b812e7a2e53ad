import { expect } from 'chai';
import fc from 'fast-check';
import { camelCase, pascalCase, snakeCase } from '../../../src/text/caseStyles';
import { fieldKey } from '../../../src/text/fieldKey';

/** Names as code spells them: words of two or more lower-case letters and digits (single letters in a row, as in `aBC`, read back as one word). */
const words = fc.array(fc.stringMatching(/^[a-z][a-z0-9]{1,6}$/), { minLength: 1, maxLength: 4 });

describe('snakeCase(), camelCase(), pascalCase()', () => {
  it('spell the examples of the contract', () => {
    expect(snakeCase('publishedAt')).to.equal('published_at');
    expect(snakeCase('latest-comment')).to.equal('latest_comment');
    expect(camelCase('published_at')).to.equal('publishedAt');
    expect(pascalCase('latest_comment')).to.equal('LatestComment');
    expect(snakeCase('id')).to.equal('id');
  });

  it('go from one spelling to another and back (fast-check)', () => {
    fc.assert(
      fc.property(words, (parts) => {
        const snake = parts.join('_');
        const camel =
          parts[0] +
          parts
            .slice(1)
            .map((part) => part[0].toUpperCase() + part.slice(1))
            .join('');
        expect(camelCase(snake)).to.equal(camel);
        expect(snakeCase(camel)).to.equal(snake);
        expect(pascalCase(snake)).to.equal(camel[0].toUpperCase() + camel.slice(1));
      }),
    );
  });
});

describe('fieldKey()', () => {
  it('is one key for every spelling of a name, and tells different names apart (fast-check)', () => {
    fc.assert(
      fc.property(words, words, (a, b) => {
        const spellings = (parts: string[]) => [parts.join('_'), camelCase(parts.join('_')), pascalCase(parts.join('_')), parts.join('-')];
        expect(new Set(spellings(a).map(fieldKey)).size).to.equal(1);
        if (a.join('') !== b.join('')) expect(fieldKey(a.join('_'))).not.to.equal(fieldKey(b.join('_')));
      }),
    );
  });
});
