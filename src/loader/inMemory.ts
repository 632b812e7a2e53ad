import { Model, ModelStatic } from 'sequelize';
import type { IncludeParams } from '../include/IncludeTree';
import { resolveSortKey, SortableKeys, SortRequest } from './sortKey';

/** The relation when it was loaded already (eager loading, or a plain object's property). */
export function preloaded(parent: object, association: string): { value: unknown } | undefined {
  const value = parent instanceof Model ? parent.get(association) : (parent as Record<string, unknown>)[association];
  return value === undefined ? undefined : { value };
}

function read(item: unknown, key: string): unknown {
  return item instanceof Model ? item.get(key) : (item as Record<string, unknown>)?.[key];
}

function keysOf(sample: unknown): SortableKeys {
  if (sample instanceof Model) {
    const attributes = (sample.constructor as ModelStatic<Model>).getAttributes();
    return new Map(Object.entries(attributes).map(([name, attribute]) => [name, attribute.field ?? name]));
  }
  return new Map(Object.keys((sample as object) ?? {}).map((key) => [key, key]));
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  const left = a instanceof Date ? a.getTime() : a;
  const right = b instanceof Date ? b.getTime() : b;
  return (left as number) < (right as number) ? -1 : (left as number) > (right as number) ? 1 : 0;
}

/** Applies an include's sort, offset and limit to a list that is already in memory. */
export function applyParamsInMemory(list: unknown[], request: SortRequest): unknown[] {
  const { limit, offset, order }: IncludeParams = request.params;
  const key = list.length > 0 ? resolveSortKey(keysOf(list[0]), request, null) : null;
  let sorted = list;
  if (key !== null) {
    const sign = order === 'desc' ? -1 : 1;
    sorted = [...list].sort((a, b) => sign * compare(read(a, key), read(b, key)));
  }
  return sorted.slice(offset, offset + limit);
}
