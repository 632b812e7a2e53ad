import { RelatedRef } from '../loader/RelatedRef';
import type { FieldPolicy } from './fieldPolicy';
import type { Resource } from './Resource';
import type { CutCollection } from './Transformed';
import type { DocumentWriter } from './walkOptions';
import { Group, LevelResult, NO_INCLUDES, ownFields, toTransformed } from './walkLevel';

/** An include the parent's fieldset leaves out is not a field of it (JSON:API still sends it in `included`). */
const linked = (policy: FieldPolicy | null, name: string) => !policy || policy.fieldset.has(name);

/** `cut`, when the include's limit left rows of this collection out. */
const cutOf = (asked: Resource, cut: CutCollection) => (asked.kind === 'collection' && asked.data instanceof RelatedRef && asked.data.more ? cut : undefined);

/**
 * Gives each parent of a group the include `name` resolved, beside its fields for the serializer
 * (which sends it if the parent's fieldset `linked` it). A collection the include's limit `cut` says so.
 *
 * @example
 * attach(group, 'comments', resources, results, { limit: 3, offset: 0 });
 */
export function attach(group: Group, name: string, resources: Resource[], results: LevelResult[], cut: CutCollection): void {
  for (let i = 0; i < group.entries.length; i++) {
    const { item, policy } = group.entries[i];
    if (item.includes === NO_INCLUDES) item.includes = [];
    item.includes.push([name, toTransformed(resources[i], results[i], cutOf(resources[i], cut)), linked(policy, name)]);
  }
}

/**
 * attach() for the walk's writer: each parent's include, as `value(i)` writes it, set into its fields
 * under `key` (the include's name as sent).
 *
 * @example
 * writeInto(group, writer.key('author'), 'author', resources, cut, (i) => writer.sentItem(fields[i]));
 */
export function writeInto(
  group: Group,
  key: string,
  name: string,
  resources: Resource[],
  cut: CutCollection,
  value: (i: number, more?: CutCollection) => unknown,
): void {
  for (let i = 0; i < group.entries.length; i++) {
    const { item, policy } = group.entries[i];
    if (linked(policy, name)) ownFields(item)[key] = value(i, cutOf(resources[i], cut));
  }
}

/**
 * The writer sets a group's aggregates after its includes, as the serializer would.
 *
 * @example
 * writeAggregates(group, writer); // comments_count, comments_avg_rating into each parent's fields
 */
export function writeAggregates(group: Group, writer: DocumentWriter): void {
  for (const { item } of group.entries) {
    if (!item.aggregates) continue;
    const fields = ownFields(item);
    for (const [name, values] of item.aggregates) writer.aggregates(fields, name, values);
    item.aggregates = undefined;
  }
}
