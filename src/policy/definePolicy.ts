import type { Attributes, Model, ModelStatic, WhereOptions } from 'sequelize';

/**
 * What one caller may do with one model: the rows it may see and the attributes it may not read.
 * Every member is optional; an empty object is "everything", as without a policy.
 */
export interface PolicyRules<M extends Model = Model> {
  /**
   * The rows the caller may see, as a Sequelize `where` on the model's attributes. The toolkit
   * merges it into every statement that reads the model: the page and its total, `findOrFail()`
   * (an unseen row is a 404), every include level, counts and aggregates, relation filters.
   */
  rows?: WhereOptions<Attributes<M>>;
  /**
   * Attributes the caller may not read: left out of the rows the toolkit reads, and every field a
   * transformer makes from one (named after it, or declaring it in `columns`) is not sent.
   */
  hidden?: ReadonlyArray<keyof Attributes<M> & string>;
  /**
   * Associations of the model the caller may not use: an include that loads one, a relation filter
   * or count through one, is refused exactly as an include or field that does not exist.
   */
  hiddenRelations?: readonly string[];
  /**
   * Attributes the caller may not write: a request body field that writes one (named after it, or
   * mapped to it by the action's transformer `columns`, `author_id` for `authorId`) is a 422 naming
   * it before the action runs (or dropped, with `readOnlyWrites: 'ignore'`).
   */
  readOnly?: ReadonlyArray<keyof Attributes<M> & string>;
}

/** A policy: the model it governs and its rules for a caller (`null` for an anonymous one). */
export interface Policy<M extends Model = Model, P = unknown> {
  readonly model: ModelStatic<M>;
  rules(principal: P | null): PolicyRules<M>;
}

/**
 * Declares what each caller may see of a model, as a function of the caller (the principal that
 * `useApi()`'s `principal` option or routing-controllers' `currentUserChecker` answers; `null` when
 * nobody is signed in). Given to `useApi(app, { policies: [...] })`; a model without a policy is read
 * as before. The function runs once per request and model, and reads no database.
 *
 * @example
 * const bookPolicy = definePolicy(Book, (user: User | null) =>
 *   user?.role === 'admin' ? {} : { rows: { draft: false }, hidden: ['cost'] },
 * );
 * useApi(app, { controllers, policies: [bookPolicy], principal: ({ request }) => userOf(request) });
 */
export function definePolicy<M extends Model, P = unknown>(model: ModelStatic<M>, rules: (principal: P | null) => PolicyRules<M>): Policy<M, P> {
  return Object.freeze({ model, rules });
}
