import type { Association, Model } from 'sequelize';
import { belongsToManyParts, belongsToManyQuery, PARENT_KEY, throughAlias } from './belongsToManyQuery';
import { loadOneByOne } from './loadOneByOne';
import { chunks, ColumnSelector, cutAt, distinctKeys, oneMore, withKey } from './parentBatches';
import type { RelatedRef } from './RelatedRef';
import { needsFindAll, ReadAs, recordsOf, selectModels } from './selectModels';
import type { SortRequest } from './sortKey';

/**
 * Belongs-to-many: one query per level (per 500 parents) through the join table, limit, offset and
 * sort per parent (see `belongsToManyQuery`); each row carries its through row as Sequelize's own
 * getter gives it (`genre.BookGenre`). A target with a default scope or find hooks is read through
 * Sequelize's getter instead, one parent at a time, so that they apply.
 */
export async function loadBelongsToMany(
  association: Association,
  refs: RelatedRef[],
  sort: SortRequest,
  select: ColumnSelector,
  as: ReadAs = 'instances',
): Promise<void> {
  const parts = belongsToManyParts(association);
  if (needsFindAll(parts.target) || needsFindAll(parts.through)) return loadOneByOne(association, refs, sort);
  const byParent = new Map<string, Model[]>();
  const { limit } = sort.params;
  const query = limit > 0 ? belongsToManyQuery(parts, oneMore(sort), withKey(select(parts.target), parts.targetKey)) : null;
  const cut = cutAt(limit, (row) => row[PARENT_KEY]);
  for (const keys of query ? chunks(distinctKeys(refs, parts.sourceKey)) : []) {
    for (const row of await selectModels(parts.target, query!.sql(keys.length), query!.replacements(keys), { keep: cut.keep, as })) {
      const parentKey = String(takeValue(row, PARENT_KEY));
      const link: Record<string, unknown> = {};
      for (const attribute of query!.throughAttributes) link[attribute] = takeValue(row, throughAlias(attribute));
      const [throughRow] = recordsOf(parts.through, [link], as);
      (row as unknown as Record<string, unknown>)[parts.through.name] = throughRow;
      (row.dataValues as Record<string, unknown>)[parts.through.name] = throughRow;
      const list = byParent.get(parentKey) ?? [];
      list.push(row);
      byParent.set(parentKey, list);
    }
  }
  for (const ref of refs) {
    const key = String((ref.parent as Model).get(parts.sourceKey));
    ref.fillCut(byParent.get(key) ?? [], cut.cut.has(key));
  }
}

/** Removes an extra column the query added from a row, answering its value. */
function takeValue(row: Model, key: string): unknown {
  const values = row.dataValues as Record<string, unknown>;
  const value = values[key];
  delete values[key];
  return value;
}
