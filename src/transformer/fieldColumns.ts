import type { Model, ModelStatic } from 'sequelize';
import { attributeKeys } from '../model/attributeKeys';
import { isStoredAttribute } from '../model/storedAttribute';
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
 * The attributes of `model` a transformer that declares `columns` needs: for a sparse fieldset, the
 * asked fields; without one, every field of its `schema`. Each field reads its declared `columns` (or
 * the attribute of its name; nothing for relationship names), and the keys are always kept. Null when
 * every column must be loaded: a transformer without `columns` (or, with no fieldset, without
 * `schema`), or a field it cannot map to a column (a computed field not declared, a virtual attribute,
 * or a name the serializer will refuse).
 *
 * @example
 * fieldColumns(Book, new BookTransformer(), new Fieldset('books', ['title'])); // ['id', 'authorId', 'publisherId', 'title']
 */
export function fieldColumns(model: AnyModel, transformer: unknown, fieldset: Fieldset | undefined): string[] | null {
  if (!(transformer instanceof Transformer) || transformer.columns === null) return null;
  if (fieldset) return namedColumns(model, transformer, fieldset.names);
  return transformer.schema ? schemaColumns(model, transformer, transformer.schema) : null;
}

type Declared = Readonly<Record<string, unknown>>;
/** What the column lists are worked out from. */
type Declaring = Pick<Transformer, 'columns' | 'availableIncludes' | 'defaultIncludes'>;
const schemaCache = new WeakMap<Declared, WeakMap<AnyModel, { columns: Declared; attributes: string[] | null }>>();

/** The attributes every field of `schema` reads, once per schema, model and `columns` declaration. */
function schemaColumns(model: AnyModel, transformer: Declaring, schema: Declared): string[] | null {
  let byModel = schemaCache.get(schema);
  if (!byModel) schemaCache.set(schema, (byModel = new WeakMap()));
  let known = byModel.get(model);
  if (!known || known.columns !== transformer.columns) {
    known = { columns: transformer.columns!, attributes: namedColumns(model, transformer, Object.keys(schema)) };
    byModel.set(model, known);
  }
  return known.attributes && [...known.attributes];
}

/** The keys and the attributes `names` read, or null when one of them maps to no column. */
function namedColumns(model: AnyModel, transformer: Declaring, names: Iterable<string>): string[] | null {
  const declared = new Map(Object.entries(transformer.columns!).map(([field, attributes]) => [fieldKey(field), attributes]));
  const relationships = new Set([...transformer.availableIncludes, ...transformer.defaultIncludes].map(fieldKey));
  const stored = model.getAttributes();
  const byName = new Map<string, string>();
  for (const [attribute, column] of attributeKeys(model)) {
    byName.set(fieldKey(column), attribute);
    byName.set(fieldKey(attribute), attribute);
  }
  const needed = new Set(keyAttributes(model));
  for (const name of names) {
    const key = fieldKey(name);
    const attributes = declared.get(key) ?? (relationships.has(key) ? [] : byName.has(key) ? [byName.get(key)!] : null);
    if (attributes === null) return null;
    for (const attribute of attributes) {
      // A virtual attribute has no column: what its getter reads cannot be told, so every column is loaded.
      if (!isStoredAttribute(stored[attribute])) return null;
      needed.add(attribute);
    }
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
 * The columns an include's rows are read with: those the fieldset of their type needs (without one,
 * those the transformer's `schema` fields need; see fieldColumns()), less those the principal may not
 * read. The selector answers null for every column.
 */
export function includeColumns(transformer: unknown, fieldset: Fieldset | undefined, access: AccessView | undefined): ColumnSelector {
  const wanted = (target: AnyModel) => fieldColumns(target, transformer, fieldset);
  return access ? (target) => readableColumns(target, wanted(target), access.hidden(target)) : wanted;
}
