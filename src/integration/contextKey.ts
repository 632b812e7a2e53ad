/** Where a request's context is attached to Express's `req` or Koa's `ctx`. */
export const CONTEXT = Symbol.for('routing-controllers-api:context');
