/** What a relation can be sorted by: attribute name to column (or property) name. */
export type SortableKeys = ReadonlyMap<string, string>;

type AttributeSource = { getAttributes(): Record<string, { field?: string }> };
const attributeCache = new WeakMap<AttributeSource, SortableKeys>();

/** Attribute name to column name, for a Sequelize model: built once per model class. */
export function attributeKeys(model: AttributeSource): SortableKeys {
  let keys = attributeCache.get(model);
  if (!keys) {
    keys = new Map(Object.entries(model.getAttributes()).map(([name, attribute]) => [name, attribute.field ?? name]));
    attributeCache.set(model, keys);
  }
  return keys;
}
