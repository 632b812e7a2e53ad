/** What a request spends its time on, as `Server-Timing` names it. */
export type TimingCategory = 'db' | 'transform' | 'serialize' | 'internal' | 'remote';

const CATEGORIES: readonly TimingCategory[] = ['db', 'transform', 'serialize', 'internal', 'remote'];
/** A category's slot: the timer keeps one array of five, not a map. */
const SLOT: Record<TimingCategory, number> = { db: 0, transform: 1, serialize: 2, internal: 3, remote: 4 };

/** Milliseconds with two decimals, without toFixed()'s cost (the header is written on every response). */
const ms = (value: number) => String(Math.round(value * 100) / 100);

/** How a count reads in `desc`: `5 queries`, `2 calls`. */
const NOUNS: Record<TimingCategory, [string, string] | null> = {
  db: ['query', 'queries'],
  transform: null,
  serialize: null,
  internal: ['call', 'calls'],
  remote: ['call', 'calls'],
};

/**
 * The time during which at least one piece of work of a category was running: two internal calls
 * made together count once, so that no category can exceed the request's own duration.
 */
class BusyTime {
  active = 0;
  since = 0;
  total = 0;
  count = 0;

  enter(now: number): void {
    if (this.active++ === 0) this.since = now;
    this.count++;
  }

  exit(now: number): void {
    if (--this.active === 0) this.total += now - this.since;
  }

  elapsed(now: number): number {
    return this.active > 0 ? this.total + now - this.since : this.total;
  }
}

/**
 * One request's timings, from its context's creation: per category the busy time and the number of
 * pieces of work. Cheap enough to keep for every request (a few numbers); the header is written only
 * when `timing` is on.
 *
 * @example
 * const done = timer.begin('remote');
 * try { await call(); } finally { done(); }
 * timer.header(); // 'remote;dur=12.3;desc="1 call", total;dur=14.0'
 */
export class RequestTimer {
  readonly startedAt = performance.now();
  private readonly busy: Array<BusyTime | undefined> = [undefined, undefined, undefined, undefined, undefined];

  /** Starts a piece of work; the function answered ends it (once). */
  begin(category: TimingCategory): () => void {
    const busy = this.of(category);
    busy.enter(performance.now());
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      busy.exit(performance.now());
    };
  }

  /**
   * Starts a piece of work of `category` that does not count the time `excluding` are busy meanwhile:
   * the include walk loads its relations as it goes, and that time is the database's, not the
   * transform's. The function answered ends it.
   */
  beginExcluding(category: TimingCategory, ...excluding: TimingCategory[]): () => void {
    const start = performance.now();
    const excluded = this.elapsedOf(excluding, start);
    return () => {
      const end = performance.now();
      this.add(category, Math.max(0, end - start - (this.elapsedOf(excluding, end) - excluded)));
    };
  }

  private elapsedOf(categories: TimingCategory[], now: number): number {
    let elapsed = 0;
    for (const category of categories) elapsed += this.elapsed(category, now);
    return elapsed;
  }

  /** Adds a finished piece of work of known duration. */
  add(category: TimingCategory, ms: number): void {
    const busy = this.of(category);
    busy.total += ms;
    busy.count++;
  }

  /** Milliseconds `category` has been busy so far. */
  elapsed(category: TimingCategory, now = performance.now()): number {
    return this.busy[SLOT[category]]?.elapsed(now) ?? 0;
  }

  /** Pieces of work of `category` started so far (statements, for `db`). */
  count(category: TimingCategory): number {
    return this.busy[SLOT[category]]?.count ?? 0;
  }

  /** Milliseconds since the request's context was made. */
  total(now = performance.now()): number {
    return now - this.startedAt;
  }

  /** The `Server-Timing` value: every category that did any work, then `total`. */
  header(now = performance.now()): string {
    let header = '';
    for (let slot = 0; slot < CATEGORIES.length; slot++) {
      const busy = this.busy[slot];
      if (!busy) continue;
      const noun = NOUNS[CATEGORIES[slot]];
      const desc = noun ? `;desc="${busy.count} ${busy.count === 1 ? noun[0] : noun[1]}"` : '';
      header += `${CATEGORIES[slot]};dur=${ms(busy.elapsed(now))}${desc}, `;
    }
    return `${header}total;dur=${ms(this.total(now))}`;
  }

  private of(category: TimingCategory): BusyTime {
    return (this.busy[SLOT[category]] ??= new BusyTime());
  }
}
