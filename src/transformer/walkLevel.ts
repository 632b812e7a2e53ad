import { isModel } from '../loader/isModel';
import type { ExcludeTree, IncludeNode, IncludeParams, IncludeTree } from '../query/IncludeTree';
import type { FieldPolicy } from './fieldPolicy';
import { jsonSize } from './jsonSize';
import type { AnyTransformer, Resource } from './Resource';
import type { CutCollection, TransformedItem, TransformedResource } from './Transformed';
import { Transformer } from './Transformer';
import { visibleFields } from './visibleFields';

/** What a level made of one resource: an item, a collection's items, or nothing. */
export type LevelResult = TransformedItem | TransformedItem[] | null;

/** An item's fields as sent: what a written level makes of each model. */
export type SentFields = Record<string, unknown>;

/**
 * What a written level (see IncludeWalk) made of one resource: the fields as sent of its item or of
 * each item of its collection, or nothing. No wrapper: nothing is attached to these items.
 */
export type WrittenResult = SentFields | SentFields[] | null;

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

/**
 * True when the items of `transformer` at this level have includes to resolve: asked by the
 * request (`node`), by default, or to check an exclude. Only a Transformer has any.
 */
export function asksIncludes(transformer: AnyTransformer, node: IncludeTree | IncludeNode, exclude: ExcludeTree): boolean {
  return (
    transformer instanceof Transformer &&
    (node.children.size > 0 || transformer.defaultIncludes.length > 0 || exclude.names.size > 0 || exclude.children.size > 0)
  );
}

/**
 * True for an include level that the walk's writer can write as its items are made (JSON:API's
 * shared duplicates aside, which are items): no transformer of it asks for an include (asked, by
 * default, or to check an exclude), so nothing will be attached to them.
 */
export function writtenAsMade(resources: readonly Resource[], node: IncludeNode, exclude: ExcludeTree): boolean {
  // A resource without a transformer refuses any include asked below it: the walk says so as it transforms.
  if (node.children.size > 0) return false;
  return !resources.some((resource) => resource.kind !== 'null' && asksIncludes(resource.transformer, node, exclude));
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

/** A written level's result while its async transformers work: a promise where fields will be. */
export type WritingResult = SentFields | Promise<SentFields> | Array<SentFields | Promise<SentFields>> | null;

/** awaitFields() for a written level: each promise of fields replaced by the fields. */
export async function awaitWritten(results: WritingResult[]): Promise<WrittenResult[]> {
  for (let i = 0; i < results.length; i++) {
    const result = results[i];
    if (result instanceof Promise) results[i] = await result;
    else if (Array.isArray(result)) for (let j = 0; j < result.length; j++) result[j] = await result[j];
  }
  return results as WrittenResult[];
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
