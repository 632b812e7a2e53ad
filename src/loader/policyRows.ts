import type { Model, ModelStatic, WhereOptions } from 'sequelize';
import { requestStorage } from '../context/RequestContext';
import { rulesFor } from '../context/rulesFor';
import { whereCondition } from './whereCondition';

type AnyModel = ModelStatic<Model>;

/**
 * The rows of `model` the current request's principal may see, as a Sequelize `where` (undefined:
 * all of them, or outside a request). The statements the toolkit writes itself merge it in; those
 * made through the models carry it by their hooks (policyStatements.ts; test/functional/policyByConstruction.test.ts).
 *
 * @example
 * Book.findAll({ where: { [Op.and]: [where, policyWhere(Book)] } });
 */
export function policyWhere(model: AnyModel): WhereOptions | undefined {
  return rulesFor(requestStorage.getStore(), model).rows;
}

/**
 * policyWhere() as SQL on `model`'s table under `alias` (quoted), attribute names mapped to their
 * columns, values escaped by the dialect; undefined when the principal may see every row.
 *
 * @example
 * const rows = policySql(Comment); // (alias) => '("__rca_t"."hidden" = 0)'
 */
export function policySql(model: AnyModel): ((alias: string) => string) | undefined {
  const where = policyWhere(model);
  if (!where) return undefined;
  return (alias) => whereCondition(model, where, alias);
}

/** Two conditions under one alias, both holding; either may be absent. */
export function bothConditions(
  first: ((alias: string) => string) | undefined,
  second: ((alias: string) => string) | undefined,
): ((alias: string) => string) | undefined {
  if (!first || !second) return first ?? second;
  return (alias) => `${first(alias)} AND ${second(alias)}`;
}
