import { expect } from 'chai';
import { convertBody, converter } from '../../../src/response/convertBody';
import { jsonSize } from '../../../src/transformer/jsonSize';
import { MISSING } from '../../../src/transformer/fieldValues';
import { encodeJson } from '../../../src/response/encodeJson';
import { formatDate } from '../../../src/response/formatDate';
import { assertCallback } from '../../../src/query/parseCallback';
import { wrapJsonp } from '../../../src/response/jsonp';
import { ApiError } from '../../../src';

describe('convertBody()', () => {
  const body = { someKey: 1, nested: { innerKey: [{ deepKey: 'someValue' }] }, snake_key: 2 };

  it('snake-cases every key and never a value', () => {
    expect(convertBody(body, 'snake', null)).to.deep.equal({ some_key: 1, nested: { inner_key: [{ deep_key: 'someValue' }] }, snake_key: 2 });
  });

  it('camel-cases every key', () => {
    expect(convertBody(body, 'camel', null)).to.deep.equal({ someKey: 1, nested: { innerKey: [{ deepKey: 'someValue' }] }, snakeKey: 2 });
  });

  it('leaves keys alone with null', () => {
    expect(convertBody(body, null, null)).to.deep.equal(body);
  });

  it('converts dates: iso8601, a format, a function, or left to JSON', () => {
    const when = new Date(Date.UTC(2024, 1, 3, 4, 5, 6, 7));
    expect(convertBody({ when }, null, 'iso8601')).to.deep.equal({ when: '2024-02-03T04:05:06.007Z' });
    expect(convertBody({ when }, null, 'YYYY-MM-DD HH:mm:ss.SSS')).to.deep.equal({ when: '2024-02-03 04:05:06.007' });
    expect(convertBody({ when }, null, (d: Date) => String(d.getTime()))).to.deep.equal({ when: String(when.getTime()) });
    expect((convertBody({ when }, null, null) as { when: Date }).when).to.equal(when);
    expect(formatDate(new Date(NaN), 'iso8601')).to.equal(null);
  });
});

describe('converter().fields() with a byte count', () => {
  it('adds what jsonSize() measures of the fields as sent, in the same pass: keys converted, lazy, missing and omitted fields as sent', () => {
    const convert = converter('snake', 'iso8601');
    const fields = { someKey: 'value', createdAt: new Date(0), lazyOne: () => 'computed', gone: MISSING, secret: 'x', link: { rel: 'self', href: '/a' } };
    const size = { bytes: 10 };
    const out = convert.fields(fields, new Set(['secret']), size);
    expect(out).to.deep.equal({ some_key: 'value', created_at: '1970-01-01T00:00:00.000Z', lazy_one: 'computed', link: { rel: 'self', href: '/a' } });
    expect(size.bytes).to.equal(10 + jsonSize(out));
    // Fields that need no conversion are measured too.
    const same = { id: 1, title: 'Dune' };
    expect(convert.fields(same, null, size)).to.equal(same);
    expect(size.bytes).to.equal(10 + jsonSize(out) + jsonSize(same));
  });

  it('passes over an undefined value as JSON does: an omitted one costs no copy, none is counted or copied', () => {
    const convert = converter('snake', 'iso8601');
    const size = { bytes: 0 };
    // A hidden attribute the rows were read without reaches the transformer as undefined.
    const read = { id: 1, email: undefined, name: 'Ada' };
    expect(convert.fields(read, new Set(['email']), size)).to.equal(read);
    expect(size.bytes).to.equal(jsonSize({ id: 1, name: 'Ada' }));
    const copied = convert.fields({ id: 1, someKey: undefined, createdAt: new Date(0), other: undefined });
    expect(copied).to.deep.equal({ id: 1, created_at: '1970-01-01T00:00:00.000Z' });
    expect(Object.keys(copied)).to.deep.equal(['id', 'created_at']);
  });
});

describe('encodeJson()', () => {
  const off = { pretty: false, escapeUnicode: false, escapeSlashes: false };

  it('writes compact JSON by default', () => expect(encodeJson({ a: 'é/' }, off)).to.equal('{"a":"é/"}'));
  it('pretty-prints', () => expect(encodeJson({ a: 1 }, { ...off, pretty: true })).to.equal('{\n    "a": 1\n}'));
  it('escapes unicode', () => expect(encodeJson({ a: 'é' }, { ...off, escapeUnicode: true })).to.equal('{"a":"\\u00e9"}'));
  it('escapes slashes', () => expect(encodeJson({ a: 'a/b' }, { ...off, escapeSlashes: true })).to.equal('{"a":"a\\/b"}'));
});

describe('assertCallback() and wrapJsonp()', () => {
  it('accepts dotted identifiers up to the limit', () => {
    for (const name of ['cb', '$jsonp_1', 'app.handlers.books', 'a'.repeat(128)]) expect(() => assertCallback(name, 128)).not.to.throw();
  });

  it('refuses anything else with a 400', () => {
    for (const name of ['', 'a'.repeat(129), 'alert(1)', 'a..b', '1abc', 'a-b', 'cb;alert(1)', '<script>', 'a.b.', 'cb//', 'a b']) {
      expect(() => assertCallback(name, 128), name)
        .to.throw(ApiError)
        .with.property('status', 400);
    }
  });

  it('guards the call and escapes U+2028/U+2029', () => {
    expect(wrapJsonp('cb', '{"a":"\u2028\u2029"}')).to.equal(`/**/ typeof cb === 'function' && cb({"a":"\\u2028\\u2029"});`);
  });
});
