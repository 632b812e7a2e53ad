import type { Model, ModelStatic } from 'sequelize';
import { scopeCondition } from './scopeCondition';
import { whereKey } from '../model/whereKey';

type AnyModel = ModelStatic<Model>;

/** Conditions kept per model; past this, the one used least recently is dropped for the new one (a client's filters are many, a policy's rows few and hot). */
const MAX_CONDITIONS_PER_MODEL = 256;

/** The conditions written for a model, by alias and whereKey(), for the Sequelize it was bound to then (its dialect and options write them). */
interface Written {
  sequelize: unknown;
  conditions: Map<string, string>;
}

const written = new WeakMap<AnyModel, Written>();

/**
 * A Sequelize `where` on `model` as SQL under `alias` (quoted): attribute names mapped to their
 * columns and the condition written by Sequelize's own generator, as findAll() does both. A where of
 * plain values, operators and literals (a policy's row scope, a compiled filter; see whereKey()) is
 * written once per model, alias and value and kept: Sequelize takes a tenth of a millisecond to
 * write one.
 *
 * @example
 * whereCondition(Book, { authorId: 2 }, '`Book`'); // '(`Book`.`author_id` = 2)'
 */
export function whereCondition(model: AnyModel, where: object, alias: string): string {
  const sequelize = model.sequelize!;
  const key = whereKey(where);
  let kept = key === undefined ? undefined : written.get(model);
  if (kept && kept.sequelize !== sequelize) kept = undefined;
  const name = `${alias} ${key}`;
  const found = kept?.conditions.get(name);
  if (found !== undefined) {
    // Used again: the most recent now (a Map iterates in insertion order).
    kept!.conditions.delete(name);
    kept!.conditions.set(name, found);
    return found;
  }
  // The Utils of the app's own copy of Sequelize (documented as `Sequelize.Utils`; not in its typings).
  const { Utils } = sequelize.constructor as unknown as { Utils: { mapWhereFieldNames(where: unknown, model: AnyModel): object } };
  const condition = scopeCondition(model, Utils.mapWhereFieldNames(where, model), alias);
  if (key === undefined) return condition;
  if (!kept) written.set(model, (kept = { sequelize, conditions: new Map<string, string>() }));
  if (kept.conditions.size >= MAX_CONDITIONS_PER_MODEL) kept.conditions.delete(kept.conditions.keys().next().value!);
  kept.conditions.set(name, condition);
  return condition;
}
