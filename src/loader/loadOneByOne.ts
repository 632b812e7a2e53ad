import { Association, literal, Model, ModelStatic } from 'sequelize';
import { attributeKeys } from '../model/attributeKeys';
import { queryGeneratorOf } from './queryGenerator';
import type { RelatedRef } from './RelatedRef';
import { resolveSortKey, SortRequest } from './sortKey';

type AnyModel = ModelStatic<Model>;

/** Associations without a batched form, and belongs-to-many whose target needs findAll(): one query per parent, params applied. */
export async function loadOneByOne(association: Association, refs: RelatedRef[], sort: SortRequest): Promise<void> {
  const target = association.target as AnyModel;
  const sortAttribute = resolveSortKey(attributeKeys(target), sort, target.primaryKeyAttribute);
  const getter = (association as unknown as { accessors: { get: string } }).accessors.get;
  const { limit, offset, order } = sort.params;
  for (const ref of refs) {
    const parent = ref.parent as unknown as Record<string, (options: object) => Promise<unknown>>;
    const where = sort.where && literal(sort.where(queryGeneratorOf(target).quoteIdentifier(target.name)));
    const rows = await parent[getter]({
      limit: limit + 1,
      offset,
      order: sortAttribute ? [[sortAttribute, order.toUpperCase()]] : undefined,
      ...(where ? { where } : {}),
    });
    ref.fill(rows as unknown[], limit);
  }
}
