import { expect } from 'chai';
import { createContext } from '../../src/context/createContext';
import { apiStateOf } from '../../src/context/appRegistry';
import { eachFramework } from '../fixture/app';

/**
 * An answered internal request must be garbage at once (the heap it leaves a call, retained and promoted,
 * is measured by `npm run bench`: bench/internalGarbage.ts). What can be checked without a clock or a
 * heap: the context holds its request through no accessor of its own.
 */
eachFramework('Internal requests as garbage', (app) => {
  it('a request context holds its request through no object of the old generation (no accessor of its own)', () => {
    const state = apiStateOf(app().app)!;
    const context = createContext(state, {
      method: 'GET',
      url: '/v1',
      headers: {},
      protocol: 'http',
      host: 'localhost',
      signal: () => new AbortController().signal,
    });
    expect(Object.getOwnPropertyDescriptor(context, 'signal')).to.equal(undefined);
    expect(context.signal.aborted).to.equal(false);
  });
});
