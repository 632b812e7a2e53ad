import { snakeCase } from '../text/caseStyles';
import type { SortRequest } from '../loader/sortKey';
import type { Resource } from './Resource';
import { Transformer } from './Transformer';
import { declaredColumns } from './TransformerDeclarations';

/**
 * What a client may sort an include by when the parent transformer's `sortable` does not list it:
 * the attributes the included transformer sends (its `schema` fields, through `columns` where a
 * field is read from one attribute; its `visible` fields without a schema), never one it hides. A
 * column it never sends (a version, a password hash) would leak its order through the sort.
 * Nothing (every column of the relation) for a transformer that declares none of these.
 *
 * @example
 * includeSortKeys(resources); // { allowed: ['id', 'title', 'published_at', 'created_at'] } for BookTransformer
 */
export function includeSortKeys(resources: readonly Resource[]): Pick<SortRequest, 'allowed' | 'denied'> {
  const first = resources.find((resource) => resource.kind !== 'null');
  return transformerSortKeys(first?.transformer);
}

type SortKeys = Pick<SortRequest, 'allowed' | 'denied'>;

/** The declarations the sort keys are worked out from. */
type Declarations = Pick<Transformer, 'schema' | 'columns' | 'hidden' | 'visible'>;

/** The keys worked out last for each transformer class, with the declarations they were worked out from. */
const known = new WeakMap<object, Declarations & { keys: SortKeys }>();

/**
 * The sort keys an included transformer allows (see `includeSortKeys`), from the transformer itself:
 * worked out once per class while its declarations stay the same objects (include methods make a
 * transformer per parent; its declarations are usually constants).
 */
export function transformerSortKeys(transformer: unknown): SortKeys {
  if (!(transformer instanceof Transformer)) return {};
  const { schema, columns, hidden, visible } = transformer;
  const last = known.get(transformer.constructor);
  if (last && last.schema === schema && last.columns === columns && last.hidden === hidden && last.visible === visible) return last.keys;
  const keys = sortKeysOf(schema, columns, hidden, visible);
  known.set(transformer.constructor, { schema, columns, hidden, visible, keys });
  return keys;
}

function sortKeysOf(schema: Transformer['schema'], columns: Transformer['columns'], hidden: readonly string[], visible: readonly string[]): SortKeys {
  const fields = schema ? Object.keys(schema) : visible;
  if (fields.length === 0) return hidden.length > 0 ? { denied: hidden.map(snakeCase) } : {};
  const keys = new Set<string>();
  for (const field of fields) {
    if (hidden.includes(field) || (visible.length > 0 && !visible.includes(field))) continue;
    const read = declaredColumns(columns, field) ?? [field];
    if (read.length === 1) keys.add(snakeCase(read[0]));
  }
  return { allowed: [...keys] };
}
