import { expect } from 'chai';
import Ajv2020 from 'ajv/dist/2020';
import { anyPathPattern, escapePattern } from '../../../src/openapi/includePaths';

describe('escapePattern() and anyPathPattern()', () => {
  it('write names literally, a hyphen too, in patterns a Unicode validator (ajv) compiles', () => {
    const name = 'latest-comment.v2(x)';
    expect(new RegExp(`^${escapePattern(name)}$`, 'u').test(name)).to.equal(true);
    expect(new RegExp(`^${escapePattern(name)}$`, 'u').test('latest-commentXv2(x)')).to.equal(false);
    const validate = new Ajv2020().compile({ type: 'string', pattern: anyPathPattern(['latest-comment', 'author'], '') });
    expect(['latest-comment', 'author.books', 'latest-comment.author'].map((path) => validate(path))).to.deep.equal([true, true, true]);
    expect(['nope', 'latest', '.author'].map((path) => validate(path))).to.deep.equal([false, false, false]);
  });
});
