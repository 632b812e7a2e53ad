import { isVirtualAttribute } from './storedAttribute';

/** What a relation can be sorted by: attribute name to column (or property) name. */
export type SortableKeys = ReadonlyMap<string, string>;

type AttributeSource = { getAttributes(): Record<string, { field?: string; type?: unknown }> };
const attributeCache = new WeakMap<AttributeSource, SortableKeys>();

/**
 * Attribute name to column name, for a Sequelize model: built once per model class. Virtual
 * attributes have no column, so nothing sorts, filters or selects by them in SQL: they are left out.
 */
export function attributeKeys(model: AttributeSource): SortableKeys {
  let keys = attributeCache.get(model);
  if (!keys) {
    const stored = Object.entries(model.getAttributes()).filter(([, attribute]) => !isVirtualAttribute(attribute));
    keys = new Map(stored.map(([name, attribute]) => [name, attribute.field ?? name]));
    attributeCache.set(model, keys);
  }
  return keys;
}
