import type { Model, ModelStatic } from 'sequelize';
import { attributeKeys } from './attributeKeys';
import { fieldKey } from '../text/fieldKey';

/**
 * The attribute of `model` a request field names: the one attribute the transformer's `columns`
 * maps it to, else the attribute or column of that name in any spelling; undefined for none. What
 * `sort`, `filter` and include aggregates read a field by.
 *
 * @example
 * fieldAttribute(Book, 'published_at'); // 'publishedAt'
 * fieldAttribute(Book, 'created', new BookTransformer()); // 'createdAt' (columns: { created: ['createdAt'] })
 */
export function fieldAttribute(model: ModelStatic<Model>, field: string, transformer?: unknown): string | undefined {
  const columns = (transformer as { columns?: Readonly<Record<string, readonly string[]>> } | undefined)?.columns;
  const mapped = columns ? Object.entries(columns).find(([name]) => fieldKey(name) === fieldKey(field)) : undefined;
  if (mapped && mapped[1].length === 1) return mapped[1][0];
  for (const [attribute, column] of attributeKeys(model)) {
    if (fieldKey(attribute) === fieldKey(field) || fieldKey(column) === fieldKey(field)) return attribute;
  }
  return undefined;
}
