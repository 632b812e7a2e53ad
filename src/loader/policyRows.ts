import type { Model, ModelStatic, WhereOptions } from 'sequelize';
import { requestStorage } from '../context/RequestContext';
import { rulesFor } from '../context/rulesFor';
import { scopeCondition } from './scopeCondition';

type AnyModel = ModelStatic<Model>;

/**
 * The rows of `model` the current request's principal may see, as a Sequelize `where` (undefined:
 * all of them, or outside a request). Every read of the toolkit merges it in.
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
  // The Utils of the app's own copy of Sequelize (documented as `Sequelize.Utils`; not in its typings).
  const { Utils } = model.sequelize!.constructor as unknown as { Utils: { mapWhereFieldNames(where: unknown, model: AnyModel): object } };
  const mapped = Utils.mapWhereFieldNames(where, model);
  return (alias) => scopeCondition(model, mapped, alias);
}

/** Two conditions under one alias, both holding; either may be absent. */
export function bothConditions(
  first: ((alias: string) => string) | undefined,
  second: ((alias: string) => string) | undefined,
): ((alias: string) => string) | undefined {
  if (!first || !second) return first ?? second;
  return (alias) => `${first(alias)} AND ${second(alias)}`;
}
