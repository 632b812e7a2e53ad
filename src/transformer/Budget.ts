import { ApiError } from '../errors/ApiError';

/**
 * The work one response may do: a total number of transformed resources. The include walk asks it
 * before each include level is loaded, with the level's upper bound (parents times the include's
 * limit), and counts every resource it transforms; a request that would go over is refused before
 * the expensive queries run.
 *
 * @example
 * const budget = new Budget(5000);
 * budget.reserve(100 * 3, 'comments'); // throws when 300 more would not fit
 * budget.spend(1);
 */
export class Budget {
  private spent = 0;

  constructor(readonly max: number) {}

  /** Counts resources as they are transformed. */
  spend(count: number): void {
    this.spent += count;
  }

  /** Refuses an include level (400) whose upper bound would take the response over the budget. */
  reserve(upTo: number, path: string): void {
    if (this.spent + upTo <= this.max) return;
    throw new ApiError('RCA_INCLUDE_BUDGET', { path, requested: this.spent + upTo, max: this.max });
  }
}
