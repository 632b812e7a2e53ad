import type { Model, ModelStatic } from 'sequelize';
import { isModel } from './isModel';
import type { IncludeParams } from '../query/IncludeTree';
import { resolveSortKey, SortRequest } from './sortKey';
import { attributeKeys, SortableKeys } from '../model/attributeKeys';

/** The stored values of a model (what Sequelize loaded, what SQL sorts by), or the object itself. */
function valuesOf(item: unknown): Record<string, unknown> | undefined {
  return isModel(item) ? (item.dataValues as Record<string, unknown>) : (item as Record<string, unknown> | undefined);
}

/** The relation when it was loaded already (eager loading, or a plain object's property): undefined when it was not. */
export function preloaded(parent: object, association: string): unknown {
  return valuesOf(parent)![association];
}

function read(item: unknown, key: string): unknown {
  return valuesOf(item)?.[key];
}

/** Sortable keys of a list's items: a model class's attributes, or an object's own keys. */
function keysOf(sample: unknown): SortableKeys {
  if (isModel(sample)) return attributeKeys(sample.constructor as ModelStatic<Model>);
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

/** The attribute to sort a loaded list by, read from its first item (null: keep the order). */
export function memorySortKey(sample: unknown, request: SortRequest): string | null {
  return resolveSortKey(keysOf(sample), request, null);
}

/** Applies an include's sort, offset and limit to a list that is already in memory. */
export function applyParamsInMemory(list: unknown[], { limit, offset, order }: IncludeParams, key: string | null): unknown[] {
  let sorted = list;
  if (key !== null && list.length > 1) {
    const sign = order === 'desc' ? -1 : 1;
    sorted = [...list].sort((a, b) => sign * compare(read(a, key), read(b, key)));
  }
  return offset === 0 && sorted.length <= limit ? sorted : sorted.slice(offset, offset + limit);
}
