import { NO_RULES, ResolvedRules, resolveRules } from '../policy/ResolvedRules';
import type { RequestContext } from './RequestContext';

/** The parts of a request its rules are read from (and kept on, once resolved). */
export type RulesSource = Pick<RequestContext, 'app'> & Partial<Pick<RequestContext, 'principal' | 'policyRules'>>;

/**
 * What the request's principal may do with `model`: its policy's rules, resolved once per request
 * and model (kept on the request, not in a WeakMap: one entry per request would cost every
 * collection), or no rules at all outside a request or without a policy for it.
 *
 * @example
 * rulesFor(context, Book).rows; // { draft: false } for a reader
 */
export function rulesFor(context: RulesSource | undefined, model: unknown): ResolvedRules {
  const policy = context?.app.policies?.get(model);
  if (!policy) return NO_RULES;
  const byModel = (context!.policyRules ??= new Map<unknown, ResolvedRules>());
  let rules = byModel.get(model);
  if (!rules) byModel.set(model, (rules = resolveRules(policy, context!.principal)));
  return rules;
}
