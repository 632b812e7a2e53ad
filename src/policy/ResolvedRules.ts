import type { WhereOptions } from 'sequelize';
import { ApiError } from '../errors/ApiError';
import type { Policy } from './definePolicy';

/** A policy's rules for one caller, checked and ready for the loader and the walk. */
export interface ResolvedRules {
  /** The rows the caller may see; undefined: all of them. */
  readonly rows: WhereOptions | undefined;
  /** Attributes the caller may not read. */
  readonly hidden: ReadonlySet<string>;
  /** Associations the caller may not include, filter or count through. */
  readonly hiddenRelations: ReadonlySet<string>;
  /** Attributes the caller may not write. */
  readonly readOnly: ReadonlySet<string>;
}

/** The rules of no policy, and of a policy that restricts nothing. */
export const NO_RULES: ResolvedRules = Object.freeze({
  rows: undefined,
  hidden: new Set<string>(),
  hiddenRelations: new Set<string>(),
  readOnly: new Set<string>(),
});

/**
 * A policy's rules for `principal`: its `hidden` names checked against the model's attributes and
 * its `hiddenRelations` against its associations (a misspelt name would hide nothing, so it is an
 * error, not a silent pass).
 *
 * @example
 * resolveRules(bookPolicy, user); // { rows: { draft: false }, hidden: Set { 'cost' } }
 */
export function resolveRules(policy: Policy, principal: unknown): ResolvedRules {
  const rules = policy.rules(principal ?? null) ?? {};
  const model = policy.model;
  const attributes = model.getAttributes();
  for (const name of [...(rules.hidden ?? []), ...(rules.readOnly ?? [])]) {
    if (!(name in attributes)) throw new ApiError('RCA_POLICY_INVALID', { model: model.name, reason: `"${name}" is not an attribute of it` });
  }
  for (const name of rules.hiddenRelations ?? []) {
    if (!model.associations?.[name]) throw new ApiError('RCA_POLICY_INVALID', { model: model.name, reason: `"${name}" is not an association of it` });
  }
  const rows = rules.rows && Reflect.ownKeys(rules.rows).length > 0 ? rules.rows : undefined;
  if (!rows && !rules.hidden?.length && !rules.hiddenRelations?.length && !rules.readOnly?.length) return NO_RULES;
  return Object.freeze({
    rows,
    hidden: new Set<string>(rules.hidden ?? []),
    hiddenRelations: new Set<string>(rules.hiddenRelations ?? []),
    readOnly: new Set<string>(rules.readOnly ?? []),
  });
}
