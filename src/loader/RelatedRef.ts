/**
 * A relation of one model, named but not yet loaded. Include methods return it inside
 * `this.item()` / `this.collection()`; the include walker gathers the references of all parents and
 * loads each relation for the whole parent set in one query (limit, offset and sort applied per parent).
 */
export class RelatedRef {
  /** Filled by the loader: a model, a list of models, or null. */
  value: unknown = undefined;
  /**
   * Set by the loader for a has-many or has-one relation of a model: its rows carry this parent's
   * key, so no other parent's relation of the same name holds them.
   */
  exclusive = false;
  /** Set by the loader for a collection: the relation holds more rows than the include's limit let through. */
  more = false;

  /** Fills a collection with at most `limit` of `rows` (the loader asks for one more, to know whether the limit cut it). */
  fill(rows: unknown[], limit: number): void {
    this.more = rows.length > limit;
    this.value = this.more ? rows.slice(0, limit) : rows;
  }

  /** Fills a collection with rows already cut to the limit, saying whether the limit cut any. */
  fillCut(rows: unknown[], more: boolean): void {
    this.more = more;
    this.value = rows;
  }

  constructor(
    readonly parent: object,
    readonly association: string,
  ) {}
}
