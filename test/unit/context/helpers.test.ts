import { expect } from 'chai';
import { ApiError, isApiRequest, isDeleteRequest, isExpress, isKoa, isUpdateRequest, json, resolveConfig, route } from '../../../src';
import { createContext, RawRequest } from '../../../src/context/createContext';
import { requestStorage } from '../../../src/context/RequestContext';
import { RouteRegistry } from '../../../src/routing/RouteRegistry';

function within<T>(raw: Partial<RawRequest>, work: () => T, api = {}): T {
  const app = { framework: 'koa' as const, config: resolveConfig(api, {}), routes: new RouteRegistry(), listener: () => () => undefined };
  const context = createContext(app, { method: 'GET', url: '/', headers: {}, protocol: 'http', host: 'localhost', ...raw });
  return requestStorage.run(context, work);
}

describe('request helpers outside and inside a request', () => {
  it('answer false outside a request, and json()/route() refuse to run', () => {
    expect([isExpress(), isKoa(), isApiRequest(), isUpdateRequest(), isDeleteRequest()]).to.deep.equal([false, false, false, false, false]);
    expect(() => json()).to.throw(ApiError, /json\(\) was used outside of a request/);
    expect(() => route('x')).to.throw(ApiError, /route\(\) was used outside of a request/);
  });

  it('isApiRequest() matches endpoint.pattern on the path', () => {
    expect(within({ url: '/v1/books?x=1' }, isApiRequest)).to.equal(true);
    expect(within({ url: '/v2/books' }, isApiRequest)).to.equal(false);
    expect(within({ url: '/v2/books' }, isApiRequest, { endpoint: { pattern: 'v*/books' } })).to.equal(true);
  });

  it('isApiRequest() matches endpoint.domain on the host', () => {
    expect(within({ url: '/books', host: 'api.example.test' }, isApiRequest, { endpoint: { domain: 'api.' } })).to.equal(true);
    expect(within({ url: '/books', host: 'www.example.test' }, isApiRequest, { endpoint: { domain: 'api.' } })).to.equal(false);
  });

  it('isUpdateRequest() and isDeleteRequest() read the method', () => {
    expect(within({ method: 'PATCH' }, isUpdateRequest)).to.equal(true);
    expect(within({ method: 'DELETE' }, isDeleteRequest)).to.equal(true);
    expect(within({ method: 'GET', url: '/?_method=PUT' }, isUpdateRequest)).to.equal(false);
  });
});
