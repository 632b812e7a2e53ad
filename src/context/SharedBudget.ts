/**
 * What one client's request may still be answered with: its own answer and the answers of every
 * internal request made for it (a batch's requests, atomic operations, an action's own calls) draw
 * on it, so that a hundred answers of `response.maxBytes` each cannot add up to a hundred times it.
 * A client's request starts with `response.maxBytes` and `include.maxResources`; its internal
 * requests share their caller's.
 *
 * @example
 * const budget: SharedBudget = { bytes: 4 * 1024 * 1024, resources: 5000 };
 */
export interface SharedBudget {
  /** Bytes the answers may still come to. */
  bytes: number;
  /** Resources they may still transform. */
  resources: number;
}

/**
 * True once the answers drew the budget down to nothing: a batch runs nothing more (a write after it
 * would go through and then have no room to say so).
 *
 * @example
 * if (isSpent(context.budget)) return notRun(...);
 */
export function isSpent(budget: SharedBudget): boolean {
  return budget.bytes <= 0 || budget.resources <= 0;
}

/** What ran out of a spent budget, for its error: bytes first. */
export const spentPart = (budget: SharedBudget): 'bytes' | 'resources' => (budget.bytes <= 0 ? 'bytes' : 'resources');
