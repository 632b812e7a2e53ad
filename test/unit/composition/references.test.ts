import { expect } from 'chai';
import fc from 'fast-check';
import { ApiError } from '../../../src';
import { Answer, referencedIds, referencesIn, resolveReferences, resolveText } from '../../../src/composition/references';

const answers = new Map<string, Answer>([
  ['book', { status: 201, headers: { location: '/v1/books/101' }, body: { id: 101, tags: ['a b', 'c'], author: { name: 'Ada' } } }],
]);

describe('referencedIds() and referencesIn()', () => {
  it('find the ids a string, or every string of a JSON value at any depth, refers to', () => {
    expect(referencedIds('/v1/books/{{book.body.id}}?x={{ other.status }}')).to.deep.equal(['book', 'other']);
    expect(referencedIds('{{book}} {{.body}} {book.body.id}')).to.deep.equal([]);
    expect([...referencesIn({ a: ['{{x.body.id}}', { b: '{{y.status}}' }], c: 1 })]).to.deep.equal(['x', 'y']);
  });
});

describe('resolveReferences() and resolveText()', () => {
  it('gives a whole reference its value with its type, writes a reference inside a longer string as text', () => {
    expect(
      resolveReferences({ id: '{{book.body.id}}', path: '/v1/books/{{book.body.id}}', tags: '{{book.body.tags}}' }, answers, '/requests/1/body'),
    ).to.deep.equal({
      id: 101,
      path: '/v1/books/101',
      tags: ['a b', 'c'],
    });
    expect(resolveText('/v1/authors?name={{book.body.author.name}}&t={{book.body.tags}}', answers, '/requests/1/url', encodeURIComponent)).to.equal(
      '/v1/authors?name=Ada&t=%5B%22a%20b%22%2C%22c%22%5D',
    );
    expect(resolveReferences(['{{book.status}}', 7, null], answers, '/x')).to.deep.equal([201, 7, null]);
  });

  it('refuses a path that names nothing in the answer (400 pointing where the reference is), never reading its prototype', () => {
    for (const text of ['{{book.body.nope}}', '{{book.body.id.x}}', '{{book.body.constructor}}', '{{book.body.__proto__}}']) {
      try {
        resolveReferences({ at: text }, answers, '/requests/1/body');
        expect.fail(`${text} resolved`);
      } catch (error) {
        expect((error as ApiError).code, text).to.equal('RCA_BATCH_INVALID');
        expect((error as ApiError).details.pointer).to.equal('/requests/1/body/at');
      }
    }
  });

  it('leaves text without a reference as it is (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !text.includes('{{')),
        (text) => {
          expect(resolveReferences(text, answers, '/x')).to.equal(text);
          expect(referencedIds(text)).to.deep.equal([]);
        },
      ),
      { seed: 20261126 },
    );
  });
});
