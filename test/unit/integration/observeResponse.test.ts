import { expect } from 'chai';
import { resolveConfig } from '../../../src';
import { createContext } from '../../../src/context/createContext';
import { observedHeaders } from '../../../src/integration/observeResponse';
import { RouteRegistry } from '../../../src/routing/RouteRegistry';

/** The headers observedHeaders() sets on a response that already has `given`, for an app that varies by `varyBy`. */
function headersAfter(given: Record<string, string>, varyBy?: readonly string[]): Record<string, string> {
  const app = { framework: 'express' as const, config: resolveConfig({}, {}), routes: new RouteRegistry(), listener: () => () => undefined, varyBy };
  const context = createContext(app, { method: 'GET', url: '/v1/books', headers: {}, protocol: 'http', host: 'h' });
  const headers: Record<string, string> = { ...given };
  observedHeaders(
    context,
    (name) => headers[name],
    (name, value) => (headers[name] = value),
  );
  return headers;
}

describe('observedHeaders(): Vary', () => {
  const PRINCIPAL_HEADERS = ['Authorization', 'Cookie'];

  it('names the principal headers on a response without Vary, the same text each time', () => {
    expect(headersAfter({}, PRINCIPAL_HEADERS).vary).to.equal('Authorization, Cookie');
    expect(headersAfter({}, PRINCIPAL_HEADERS).vary).to.equal('Authorization, Cookie');
  });

  it("adds them to the app's own Vary, once each whatever their case, and leaves * as it is", () => {
    expect(headersAfter({ vary: 'Accept-Encoding' }, PRINCIPAL_HEADERS).vary).to.equal('Accept-Encoding, Authorization, Cookie');
    expect(headersAfter({ vary: 'authorization, Origin' }, PRINCIPAL_HEADERS).vary).to.equal('authorization, Origin, Cookie');
    expect(headersAfter({ vary: '*' }, PRINCIPAL_HEADERS).vary).to.equal('*');
  });

  it('sets no Vary without policies', () => {
    expect(headersAfter({})).to.not.have.property('vary');
  });
});
