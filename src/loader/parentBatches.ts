import type { Association, Model, ModelStatic } from 'sequelize';
import type { RelatedRef } from './RelatedRef';
import type { SortRequest } from './sortKey';

/** Parent keys per `IN (...)` list; beyond it a relation takes one more query per chunk. */
const CHUNK = 500;

/** The attributes of a target model to select (a sparse fieldset's), or null for every column. */
export type ColumnSelector = (target: ModelStatic<Model>) => string[] | null;

/** The selected attributes with the key the rows are matched to their parents by. */
export function withKey(attributes: string[] | null, key: string): string[] | null {
  return attributes === null || attributes.includes(key) ? attributes : [...attributes, key];
}

/** The parent's attribute a has-one or has-many relation is keyed by. */
export function sourceKeyOf(association: Association): string {
  return (association as unknown as { sourceKey: string }).sourceKey;
}

/** The keys in lists of at most 500, one `IN (...)` query each. */
export function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

/** The parents' values of `parentKey`, each once, nulls left out. */
export function distinctKeys(refs: RelatedRef[], parentKey: string): unknown[] {
  const keys = new Set<unknown>();
  for (const ref of refs) {
    const key = (ref.parent as Model).get(parentKey);
    if (key !== null && key !== undefined) keys.add(key);
  }
  return [...keys];
}

/**
 * Keeps the first `limit` rows of each parent (rows arrive in each parent's order) and remembers
 * the parents that had one more: the query reads one row more than the limit to tell that the
 * limit cut the relation, and that row is never built into a model.
 */
export function cutAt(limit: number, parentOf: (row: Record<string, unknown>) => unknown) {
  const seen = new Map<string, number>();
  const cut = new Set<string>();
  const keep = (row: Record<string, unknown>) => {
    const key = String(parentOf(row));
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count <= limit) return true;
    cut.add(key);
    return false;
  };
  return { keep, cut };
}

/** The same sort asking for one row more than its limit. */
export function oneMore(sort: SortRequest): SortRequest {
  return { ...sort, params: { ...sort.params, limit: sort.params.limit + 1 } };
}
