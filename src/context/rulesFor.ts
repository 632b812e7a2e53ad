import { NO_RULES, ResolvedRules, resolveRules } from '../policy/ResolvedRules';
import type { RequestContext } from './RequestContext';

/** The parts of a request its rules are read from. */
export type RulesSource = Pick<RequestContext, 'app'> & Partial<Pick<RequestContext, 'principal'>>;

/** Each request's rules by model, resolved once: a policy's function runs once per request and model. */
const resolved = new WeakMap<RulesSource, Map<unknown, ResolvedRules>>();

/**
 * What the request's principal may do with `model`: its policy's rules, or no rules at all outside
 * a request or without a policy for it.
 *
 * @example
 * rulesFor(context, Book).rows; // { draft: false } for a reader
 */
export function rulesFor(context: RulesSource | undefined, model: unknown): ResolvedRules {
  const policy = context?.app.policies?.get(model);
  if (!policy) return NO_RULES;
  let byModel = resolved.get(context!);
  if (!byModel) resolved.set(context!, (byModel = new Map<unknown, ResolvedRules>()));
  let rules = byModel.get(model);
  if (!rules) byModel.set(model, (rules = resolveRules(policy, context!.principal)));
  return rules;
}
