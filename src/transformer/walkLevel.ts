import { isModel } from '../loader/isModel';
import type { IncludeNode, IncludeParams } from '../query/IncludeTree';
import type { FieldPolicy } from './fieldPolicy';
import { jsonSize } from './jsonSize';
import type { AnyTransformer, Resource } from './Resource';
import type { CutCollection, TransformedItem, TransformedResource } from './Transformed';
import { Transformer } from './Transformer';
import { visibleFields } from './visibleFields';

/** What a level made of one resource: an item, a collection's items, or nothing. */
export type LevelResult = TransformedItem | TransformedItem[] | null;

/** One transformed model waiting for its includes. */
export interface Entry {
  model: unknown;
  transformer: Transformer;
  item: TransformedItem;
  policy: FieldPolicy | null;
}

/** All parents of one level that share a transformer class. */
export interface Group {
  transformer: Transformer;
  entries: Entry[];
}

/** Shared by every item without includes until it gets one. */
export const NO_INCLUDES: TransformedItem['includes'] = Object.freeze([]) as unknown as TransformedItem['includes'];

/** An include's params: the transformer's default limit for it (`limits`) unless the request gave `limit(n)`. */
export function includeParams(child: IncludeNode, limit: number | undefined): IncludeParams {
  return child.limitGiven || limit === undefined ? child.params : { ...child.params, limit };
}

/** Include methods are mostly synchronous: wait only when one of them returned a promise. */
export function settleAll<T>(results: Array<T | Promise<T>>): T[] | Promise<T[]> {
  return results.some((result) => result instanceof Promise) ? Promise.all(results) : (results as T[]);
}

/** The group of a level's parents that share `transformer`'s class. */
export function groupFor(groups: Map<unknown, Group>, transformer: Transformer): Group {
  let group = groups.get(transformer.constructor);
  if (!group) groups.set(transformer.constructor, (group = { transformer, entries: [] }));
  return group;
}

/** The models of a collection's data: an array, any other iterable, or none. */
export function modelsOf(data: unknown): unknown[] {
  if (data === null || data === undefined) return [];
  return Array.isArray(data) ? data : [...(data as Iterable<unknown>)];
}

/** Transformer, function, or none: a model becomes its plain attributes. */
export function transformOne(transformer: AnyTransformer, model: unknown): Record<string, unknown> | Promise<Record<string, unknown>> {
  if (!transformer) return isModel(model) ? (model.get({ plain: true }) as Record<string, unknown>) : (model as Record<string, unknown>);
  if (typeof transformer === 'function') return transformer(model as never);
  const fields = transformer.transform(model as never) as Record<string, unknown>;
  if (transformer instanceof Transformer && !(fields instanceof Promise)) return visibleFields(fields, transformer.visible, transformer.hidden);
  return fields;
}

/** The estimated JSON size of the fields transformed at one level. */
export function levelSize(results: LevelResult[]): number {
  let size = 0;
  for (const result of results) {
    if (Array.isArray(result)) for (const item of result) size += jsonSize(item.fields);
    else if (result) size += jsonSize(result.fields);
  }
  return size;
}

/** Transformers may be async; only then is anything awaited. */
export async function awaitFields(results: LevelResult[]): Promise<void> {
  for (const result of results) {
    for (const item of Array.isArray(result) ? result : result ? [result] : []) {
      if (item.fields instanceof Promise) (item as { fields: unknown }).fields = await item.fields;
    }
  }
}

/** A level's result as the resource it was made from: null, item or collection (`more` when its include's limit cut it). */
export function toTransformed(resource: Resource, result: LevelResult, more?: CutCollection): TransformedResource {
  if (resource.kind === 'null') return { kind: 'null' };
  if (resource.kind === 'item') return { kind: 'item', resourceKey: resource.resourceKey, item: result as TransformedItem | null };
  const items = result as TransformedItem[];
  return more ? { kind: 'collection', resourceKey: resource.resourceKey, items, more } : { kind: 'collection', resourceKey: resource.resourceKey, items };
}

/**
 * The item's fields, to set an include into: its own copy first when they are still the
 * transformer's object (`converted: 'shared'`), which is not the walk's to change.
 */
export function ownFields(item: TransformedItem): Record<string, unknown> {
  if (item.converted !== 'owned') {
    (item as { fields: unknown }).fields = { ...item.fields };
    item.converted = 'owned';
  }
  return item.fields;
}
