import { expect } from 'chai';
import { ApiError, resolveConfig } from '../../../src';

describe('resolveConfig()', () => {
  it('has a default for every key of the contract', () => {
    const config = resolveConfig({}, {});
    expect(config.debug).to.equal(false);
    expect(config.endpoint).to.deep.equal({ pattern: 'v1/*', domain: null });
    expect(config.include).to.deep.equal({
      key: 'include',
      excludeKey: 'exclude',
      params: { limit: [3, 0], sort: ['created_at', 'desc'] },
      maxDepth: 10,
      maxLimit: 100,
      maxPaths: 20,
      maxResources: 5000,
    });
    expect(config.serializer).to.equal('array');
    expect(config.jsonEncodeOption).to.deep.equal({ pretty: false, escapeUnicode: false, escapeSlashes: false });
    expect(config.successFormat).to.deep.equal({ success: { code: ':code', message: ':message' } });
    expect(config.errorFormat).to.deep.equal({ error: { code: ':code', message: ':message' } });
    expect(config.convert).to.deep.equal({ key: 'snake', date: 'iso8601' });
    expect(config.jsonp.param).to.equal('callback');
    expect(config.suppressResponseCode).to.equal(false);
    expect(config.transformer.dir).to.equal('src/transformers');
    expect(config.internal).to.deep.equal({ domains: [], forwardHeaders: ['authorization', 'cookie', 'accept-language'], maxDepth: 10 });
    expect(config.body).to.deep.equal({ limit: 102400, maxDepth: 32, types: ['json'], timeout: 10_000 });
    expect(config.response).to.deep.equal({ maxBytes: 4 * 1024 * 1024 });
    expect(config.jsonp.enabled).to.equal(false);
    expect(config.remote).to.deep.equal({ allowedHosts: null, timeout: 10000, maxContentLength: 10485760, baseUrl: null, headers: {} });
  });

  it('reads APP_URL over app.url, without a trailing slash, and refuses a URL that is not absolute http(s)', () => {
    expect(resolveConfig({}, {}).app.url).to.equal(null);
    expect(resolveConfig({ app: { url: 'https://a.example/' } }, {}).app.url).to.equal('https://a.example');
    expect(resolveConfig({ app: { url: 'https://a.example' } }, { APP_URL: 'https://b.example/api/' }).app.url).to.equal('https://b.example/api');
    expect(() => resolveConfig({ app: { url: 'a.example' } }, {})).to.throw(ApiError, /app\.url/);
    expect(resolveConfig({}, {}).trustProxy).to.equal(false);
  });

  it('merges overrides key by key and freezes the result', () => {
    const config = resolveConfig({ include: { maxDepth: 3 }, convert: { key: 'camel' } }, {});
    expect(config.include.maxDepth).to.equal(3);
    expect(config.include.maxLimit).to.equal(100);
    expect(config.convert).to.deep.equal({ key: 'camel', date: 'iso8601' });
    expect(Object.isFrozen(config.include)).to.equal(true);
  });

  it('turns debug on with API_DEBUG and always off in production', () => {
    expect(resolveConfig({}, { API_DEBUG: 'true' }).debug).to.equal(true);
    expect(resolveConfig({ debug: true }, { NODE_ENV: 'production' }).debug).to.equal(false);
    expect(resolveConfig({ debug: true }, { NODE_ENV: 'production', API_DEBUG: 'true' }).debug).to.equal(false);
  });

  it('takes the cursor secret from API_CURSOR_SECRET, and refuses one shorter than 32 characters', () => {
    const secret = 'x'.repeat(32);
    expect(resolveConfig({}, {}).pagination.cursorSecret).to.equal(null);
    expect(resolveConfig({}, { API_CURSOR_SECRET: secret }).pagination.cursorSecret).to.equal(secret);
    expect(() => resolveConfig({ pagination: { cursorSecret: 'short' } }, {})).to.throw(/pagination.cursorSecret/);
  });

  it('ignores prototype-polluting keys', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "include": {"maxDepth": 4}}');
    const config = resolveConfig(hostile, {});
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(config.include.maxDepth).to.equal(4);
  });

  it('names the key of an invalid value', () => {
    expect(() => resolveConfig({ serializer: 'xml' as never }, {})).to.throw(ApiError, /"serializer"/);
    expect(() => resolveConfig({ include: { maxLimit: 0 } }, {})).to.throw(ApiError, /"include.maxLimit"/);
    expect(() => resolveConfig({ convert: { key: 'kebab' as never } }, {})).to.throw(ApiError, /"convert.key"/);
    expect(() => resolveConfig({ readAs: 'models' as never }, {})).to.throw(ApiError, /"readAs": must be 'rows' or 'instances'/);
  });

  it("refuses read-only writes by default; readOnlyWrites: 'ignore' is accepted, anything else is not", () => {
    expect(resolveConfig({}, {}).readOnlyWrites).to.equal('refuse');
    expect(resolveConfig({ readOnlyWrites: 'ignore' }, {}).readOnlyWrites).to.equal('ignore');
    expect(() => resolveConfig({ readOnlyWrites: 'skip' as never }, {})).to.throw(ApiError, /"readOnlyWrites": must be 'refuse' or 'ignore'/);
  });

  it('reads rows by default; readAs: instances is accepted', () => {
    expect(resolveConfig({}, {}).readAs).to.equal('rows');
    expect(resolveConfig({ readAs: 'instances' }, {}).readAs).to.equal('instances');
  });
});

describe('resolveConfig() message formats', () => {
  it('replaces the success and error formats instead of merging them', () => {
    const config = resolveConfig({ errorFormat: { failed: ':message' } }, {});
    expect(config.errorFormat).to.deep.equal({ failed: ':message' });
    expect(config.successFormat).to.deep.equal({ success: { code: ':code', message: ':message' } });
  });
});
