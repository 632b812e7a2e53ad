import type { Association, Model, ModelStatic } from 'sequelize';
import { ApiError } from '../errors/ApiError';
import type { RelatedRef } from './RelatedRef';
import { hasManyQuery } from './hasManyQuery';
import { loadBelongsToMany } from './loadBelongsToMany';
import { loadOneByOne } from './loadOneByOne';
import { chunks, ColumnSelector, cutAt, distinctKeys, oneMore, sourceKeyOf, withKey } from './parentBatches';

export type { ColumnSelector };
import { findByKeys, ReadAs, selectModels } from './selectModels';
import type { SortRequest } from './sortKey';

type AnyModel = ModelStatic<Model>;

/** The association of a parent model, or a programming error naming it. */
export function associationOf(parent: Model, name: string): Association {
  const model = parent.constructor as AnyModel;
  const association = model.associations?.[name];
  if (!association) throw new ApiError('RCA_RELATION_UNKNOWN', { model: model.name, association: name });
  return association;
}

/**
 * Loads one association for every parent in `refs` (all of the same model) with as few queries as
 * possible: one `IN (...)` query for belongs-to and has-one, and for has-many and belongs-to-many one
 * query that applies limit, offset and sort to each parent separately (see `hasManyQuery`,
 * `belongsToManyQuery`).
 */
export async function loadAssociation(
  association: Association,
  refs: RelatedRef[],
  sort: SortRequest,
  select: ColumnSelector = ALL,
  as: ReadAs = 'instances',
): Promise<void> {
  switch (association.associationType) {
    case 'BelongsTo': {
      const targetKey = (association as unknown as { targetKey: string }).targetKey;
      return loadByKey(refs, association.target, association.foreignKey, targetKey, withKey(select(association.target), targetKey), sort.where, as);
    }
    case 'HasOne':
      return loadByKey(
        refs,
        association.target,
        sourceKeyOf(association),
        association.foreignKey,
        withKey(select(association.target), association.foreignKey),
        sort.where,
        as,
      );
    case 'HasMany':
      return loadHasMany(association, refs, sort, withKey(select(association.target), association.foreignKey), as);
    case 'BelongsToMany':
      return loadBelongsToMany(association, refs, sort, select, as);
    default:
      return loadOneByOne(association, refs, sort);
  }
}

const ALL: ColumnSelector = () => null;

/** Belongs-to and has-one: `target.targetKey IN (parent.parentKey ...)`, one row per parent. */
async function loadByKey(
  refs: RelatedRef[],
  target: AnyModel,
  parentKey: string,
  targetKey: string,
  attributes: string[] | null,
  where: ((alias: string) => string) | undefined,
  as: ReadAs,
): Promise<void> {
  const byKey = new Map<string, Model>();
  for (const keys of chunks(distinctKeys(refs, parentKey))) {
    for (const row of await findByKeys(target, targetKey, keys, attributes, where, as)) byKey.set(String(row.get(targetKey)), row);
  }
  for (const ref of refs) ref.value = byKey.get(String((ref.parent as Model).get(parentKey))) ?? null;
}

async function loadHasMany(association: Association, refs: RelatedRef[], sort: SortRequest, attributes: string[] | null, as: ReadAs): Promise<void> {
  const target = association.target as AnyModel;
  const sourceKey = sourceKeyOf(association);
  const byParent = new Map<string, Model[]>();
  const { limit } = sort.params;
  // One row more than the limit per parent: whether the limit cut the relation.
  const query = limit > 0 ? hasManyQuery(target, association.foreignKey, oneMore(sort), attributes) : null;
  const cut = cutAt(limit, (row) => row[association.foreignKey]);
  for (const keys of query ? chunks(distinctKeys(refs, sourceKey)) : []) {
    for (const row of await selectModels(target, query!.sql(keys.length), query!.replacements(keys), { keep: cut.keep, as })) {
      const parentKey = String(row.get(association.foreignKey));
      const list = byParent.get(parentKey) ?? [];
      list.push(row);
      byParent.set(parentKey, list);
    }
  }
  for (const ref of refs) {
    const key = String((ref.parent as Model).get(sourceKey));
    ref.fillCut(byParent.get(key) ?? [], cut.cut.has(key));
  }
}
