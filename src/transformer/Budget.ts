import { ApiError } from '../errors/ApiError';
import { RelatedRef } from '../loader/RelatedRef';
import type { Resource } from './Resource';

/**
 * The work one response may do: a total number of transformed resources, and a total size. The
 * include walk asks it before each include level is loaded, with the level's upper bound (parents
 * times the include's limit), and counts every resource it transforms and its size; a request that
 * would go over is refused before the expensive queries run, or as soon as a level goes over.
 *
 * @example
 * const budget = new Budget(5000);
 * budget.reserve(100 * 3, 'comments'); // throws when 300 more would not fit
 * budget.reserveLevel(resources, 3, 'comments'); // the same, counted from what include methods returned
 * budget.spend(1);
 */
export class Budget {
  private spent = 0;
  private bytes = 0;

  constructor(
    readonly max: number,
    /** The most bytes of JSON the transformed resources may come to (`response.maxBytes`). */
    readonly maxBytes = Infinity,
    /** True when the limits are what is left of a budget shared with other answers (a batch's): its own error then. */
    readonly shared = false,
  ) {}

  /** Resources transformed so far. */
  get resources(): number {
    return this.spent;
  }

  /** Counts the (estimated) JSON size of what was transformed; over `maxBytes` is a 400. */
  spendBytes(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.maxBytes) throw bytesRefusal(this.maxBytes, this.shared);
  }

  /** Counts resources as they are transformed. */
  spend(count: number): void {
    this.spent += count;
  }

  /** Refuses an include level (400) whose upper bound would take the response over the budget. */
  reserve(upTo: number, path: string): void {
    if (this.spent + upTo <= this.max) return;
    if (this.shared) throw sharedBudgetError('resources', this.max);
    throw new ApiError('RCA_INCLUDE_BUDGET', { path, requested: this.spent + upTo, max: this.max });
  }

  /** reserve() for the resources an include method returned, before their relations are loaded. */
  reserveLevel(resources: readonly Resource[], limit: number, path: string): void {
    this.reserve(upperBound(resources, limit), path);
  }
}

/**
 * The 400 of an answer that would take the answers of one client's request, its internal requests'
 * included, over what they may hold together.
 *
 * @example
 * throw sharedBudgetError('bytes', 1200); // "... to more than what is left: 1200 bytes ..."
 */
export function sharedBudgetError(what: 'bytes' | 'resources', left: number): ApiError {
  return new ApiError('RCA_SHARED_BUDGET', { left: `${Math.max(0, left)} ${what}` });
}

/**
 * The 400 of an answer over `max` bytes: RCA_RESPONSE_TOO_LARGE, or RCA_SHARED_BUDGET when `max` is
 * what is left of a budget shared with other answers.
 *
 * @example
 * throw bytesRefusal(4 * 1024 * 1024, false);
 */
export function bytesRefusal(max: number, shared: boolean): ApiError {
  return shared ? sharedBudgetError('bytes', max) : new ApiError('RCA_RESPONSE_TOO_LARGE', { max });
}

/** The most resources a level can hold: one per item, the include's limit per relation still to load, or what is in memory. */
function upperBound(resources: readonly Resource[], limit: number): number {
  let total = 0;
  for (const resource of resources) {
    if (resource.kind === 'null' || resource.data === null || resource.data === undefined) continue;
    if (resource.kind === 'item') total += 1;
    else if (resource.data instanceof RelatedRef) total += limit;
    else total += (resource.data as unknown[]).length ?? (resource.data as Set<unknown>).size ?? 0;
  }
  return total;
}
