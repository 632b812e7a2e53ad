import type { WhereOptions } from 'sequelize';
import { ApiError } from '../errors/ApiError';
import { whereKey } from '../model/whereKey';
import type { Policy, PolicyRules } from './definePolicy';

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

/** Distinct rules kept per policy; past that, a policy's further rules are checked anew for each request. */
const MAX_KEPT = 64;

/** Each policy's rules as resolved, by what they say: a request whose principal gets the same rules reuses them. */
const kept = new WeakMap<Policy, Map<string, ResolvedRules>>();

/**
 * A policy's rules for `principal`: its `hidden` names checked against the model's attributes and
 * its `hiddenRelations` against its associations (a misspelt name would hide nothing, so it is an
 * error, not a silent pass). Rules equal to ones resolved before (the same names, the same `rows` as
 * `whereKey()` names them) are answered with the same object, so that what is derived from them can
 * be kept too; rules whose `rows` has no key are resolved each time.
 *
 * @example
 * resolveRules(bookPolicy, user); // { rows: { draft: false }, hidden: Set { 'cost' } }
 */
export function resolveRules(policy: Policy, principal: unknown): ResolvedRules {
  const rules = policy.rules(principal ?? null) ?? {};
  const key = rulesKey(rules);
  if (key === undefined) return checkedRules(policy.model, rules);
  let byKey = kept.get(policy);
  if (!byKey) kept.set(policy, (byKey = new Map<string, ResolvedRules>()));
  let resolved = byKey.get(key);
  if (!resolved) {
    resolved = checkedRules(policy.model, rules);
    if (byKey.size < MAX_KEPT) byKey.set(key, resolved);
  }
  return resolved;
}

/** What a policy's rules say, as a text: undefined when their `rows` cannot be named. */
function rulesKey(rules: PolicyRules): string | undefined {
  const rows = rules.rows ? whereKey(rules.rows) : '';
  if (rows === undefined) return undefined;
  return `${rows}|${namesKey(rules.hidden)}|${namesKey(rules.hiddenRelations)}|${namesKey(rules.readOnly)}`;
}

const namesKey = (names: readonly string[] | undefined): string => (names ? JSON.stringify(names) : '');

function checkedRules(model: Policy['model'], rules: PolicyRules): ResolvedRules {
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
