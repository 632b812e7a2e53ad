import type { Model, ModelStatic } from 'sequelize';
import { attributeKeys } from '../model/attributeKeys';
import { Transformer } from './Transformer';
import { Fieldset } from '../query/Fieldset';
import { fieldKey } from '../text/fieldKey';
import type { ColumnSelector } from '../loader/parentBatches';
import type { AccessView } from './AccessView';

type AnyModel = ModelStatic<Model>;
const keyCache = new WeakMap<AnyModel, readonly string[]>();

/**
 * The attributes every narrowed row keeps: the primary key (identity, links) and the keys of every
 * association (what includes load by), whichever fields were asked for.
 */
export function keyAttributes(model: AnyModel): readonly string[] {
  let keys = keyCache.get(model);
  if (!keys) {
    const found = new Set<string>(model.primaryKeyAttributes);
    for (const association of Object.values(model.associations ?? {})) {
      const { foreignKey, sourceKey } = association as unknown as { foreignKey?: string; sourceKey?: string };
      found.add(association.associationType === 'BelongsTo' ? foreignKey! : sourceKey!);
    }
    keyCache.set(model, (keys = Object.freeze([...found].filter(Boolean))));
  }
  return keys;
}

/**
 * The attributes of `model` to select for a sparse fieldset: the keys, each asked field's declared
 * `columns` (or the attribute of its name), nothing for relationship names. Null when every column
 * must be loaded: no fieldset, a transformer that does not declare `columns`, or a field it cannot
 * map (a computed field not declared, or a name the serializer will refuse).
 *
 * @example
 * fieldColumns(Book, new BookTransformer(), new Fieldset('books', ['title'])); // ['id', 'authorId', 'publisherId', 'title']
 */
export function fieldColumns(model: AnyModel, transformer: unknown, fieldset: Fieldset | undefined): string[] | null {
  if (!fieldset || !(transformer instanceof Transformer) || transformer.columns === null) return null;
  const declared = new Map(Object.entries(transformer.columns).map(([field, attributes]) => [fieldKey(field), attributes]));
  const relationships = new Set([...transformer.availableIncludes, ...transformer.defaultIncludes].map(fieldKey));
  const byName = new Map<string, string>();
  for (const [attribute, column] of attributeKeys(model)) {
    byName.set(fieldKey(column), attribute);
    byName.set(fieldKey(attribute), attribute);
  }
  const needed = new Set(keyAttributes(model));
  for (const name of fieldset.names) {
    const key = fieldKey(name);
    const attributes = declared.get(key) ?? (relationships.has(key) ? [] : byName.has(key) ? [byName.get(key)!] : null);
    if (attributes === null) return null;
    for (const attribute of attributes) needed.add(attribute);
  }
  return [...needed];
}

/**
 * `columns` (null: every attribute) without those the principal may not read, keys aside: what is
 * not selected needs no masking, and no value of it is read. The same list when nothing is hidden.
 *
 * @example
 * readableColumns(Book, null, new Set(['cost'])); // every attribute of Book but cost
 */
export function readableColumns(model: AnyModel, columns: string[] | null, hidden: ReadonlySet<string>): string[] | null {
  if (hidden.size === 0) return columns;
  const keys = keyAttributes(model);
  const readable = (attribute: string) => !hidden.has(attribute) || keys.includes(attribute);
  const wanted = columns ?? [...attributeKeys(model).keys()];
  return wanted.every(readable) ? columns : wanted.filter(readable);
}

/**
 * The columns an include's rows are read with: those the fieldset of their type needs (all without
 * one), less those the principal may not read. Undefined for every column.
 */
export function includeColumns(transformer: unknown, fieldset: Fieldset | undefined, access: AccessView | undefined): ColumnSelector | undefined {
  const wanted = fieldset ? (target: AnyModel) => fieldColumns(target, transformer, fieldset) : () => null;
  if (access) return (target) => readableColumns(target, wanted(target), access.hidden(target));
  return fieldset && wanted;
}
