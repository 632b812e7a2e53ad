import 'reflect-metadata';

// The suite decides debug per app; an API_DEBUG in the developer's shell must not change results.
delete process.env.API_DEBUG;

/**
 * Root hooks of every suite (mocha's root hook plugin). After each test, the model classes go back
 * to the shared example database if the test left them bound to another, even one that timed out:
 * one test's leftover must not fail every later one. Only once the functional helpers are loaded.
 */
export const mochaHooks = {
  async afterEach(): Promise<void> {
    const helpers = require.cache[require.resolve('./fixture/database')];
    if (helpers) await (helpers.exports as typeof import('./fixture/database')).restoreSharedModels();
  },
};
