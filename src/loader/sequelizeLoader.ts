import { Association, literal, Model, ModelStatic } from 'sequelize';
import { queryGeneratorOf } from './queryGenerator';
import { ApiError } from '../errors/ApiError';
import type { RelatedRef } from './RelatedRef';
import { hasManyQuery } from './hasManyQuery';
import { belongsToManyParts, belongsToManyQuery, PARENT_KEY, throughAlias } from './belongsToManyQuery';
import { findByKeys, needsFindAll, parseSqliteRow, selectModels } from './selectModels';
import { attributeKeys, resolveSortKey, SortRequest } from './sortKey';

/** Parent keys per `IN (...)` list; beyond it a relation takes one more query per chunk. */
const CHUNK = 500;

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
export async function loadAssociation(association: Association, refs: RelatedRef[], sort: SortRequest, select: ColumnSelector = ALL): Promise<void> {
  switch (association.associationType) {
    case 'BelongsTo': {
      const targetKey = (association as unknown as { targetKey: string }).targetKey;
      return loadByKey(refs, association.target, association.foreignKey, targetKey, withKey(select(association.target), targetKey), sort.where);
    }
    case 'HasOne':
      return loadByKey(
        refs,
        association.target,
        sourceKeyOf(association),
        association.foreignKey,
        withKey(select(association.target), association.foreignKey),
        sort.where,
      );
    case 'HasMany':
      return loadHasMany(association, refs, sort, withKey(select(association.target), association.foreignKey));
    case 'BelongsToMany':
      return loadBelongsToMany(association, refs, sort, select);
    default:
      return loadOneByOne(association, refs, sort);
  }
}

/** The attributes of a target model to select (a sparse fieldset's), or null for every column. */
export type ColumnSelector = (target: AnyModel) => string[] | null;
const ALL: ColumnSelector = () => null;

/** The selected attributes with the key the rows are matched to their parents by. */
function withKey(attributes: string[] | null, key: string): string[] | null {
  return attributes === null || attributes.includes(key) ? attributes : [...attributes, key];
}

function sourceKeyOf(association: Association): string {
  return (association as unknown as { sourceKey: string }).sourceKey;
}

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

function distinctKeys(refs: RelatedRef[], parentKey: string): unknown[] {
  const keys = new Set<unknown>();
  for (const ref of refs) {
    const key = (ref.parent as Model).get(parentKey);
    if (key !== null && key !== undefined) keys.add(key);
  }
  return [...keys];
}

/** Belongs-to and has-one: `target.targetKey IN (parent.parentKey ...)`, one row per parent. */
async function loadByKey(
  refs: RelatedRef[],
  target: AnyModel,
  parentKey: string,
  targetKey: string,
  attributes: string[] | null,
  where?: (alias: string) => string,
): Promise<void> {
  const byKey = new Map<string, Model>();
  for (const keys of chunks(distinctKeys(refs, parentKey))) {
    for (const row of await findByKeys(target, targetKey, keys, attributes, where)) byKey.set(String(row.get(targetKey)), row);
  }
  for (const ref of refs) ref.value = byKey.get(String((ref.parent as Model).get(parentKey))) ?? null;
}

async function loadHasMany(association: Association, refs: RelatedRef[], sort: SortRequest, attributes: string[] | null): Promise<void> {
  const target = association.target as AnyModel;
  const sourceKey = sourceKeyOf(association);
  const byParent = new Map<string, Model[]>();
  const { limit } = sort.params;
  // One row more than the limit per parent: whether the limit cut the relation.
  const query = limit > 0 ? hasManyQuery(target, association.foreignKey, oneMore(sort), attributes) : null;
  const cut = cutAt(limit, (row) => row[association.foreignKey]);
  for (const keys of query ? chunks(distinctKeys(refs, sourceKey)) : []) {
    for (const row of await selectModels(target, query!.sql(keys.length), query!.replacements(keys), cut.keep)) {
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

/**
 * Keeps the first `limit` rows of each parent (rows arrive in each parent's order) and remembers
 * the parents that had one more: the query reads one row more than the limit to tell that the
 * limit cut the relation, and that row is never built into a model.
 */
function cutAt(limit: number, parentOf: (row: Record<string, unknown>) => unknown) {
  const seen = new Map<string, number>();
  const cut = new Set<string>();
  const keep = (row: Record<string, unknown>) => {
    const key = String(parentOf(row));
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count <= limit) return true;
    cut.add(key);
    return false;
  };
  return { keep, cut };
}

/** The same sort asking for one row more than its limit. */
function oneMore(sort: SortRequest): SortRequest {
  return { ...sort, params: { ...sort.params, limit: sort.params.limit + 1 } };
}

/**
 * Belongs-to-many: one query per level (per 500 parents) through the join table, limit, offset and
 * sort per parent (see `belongsToManyQuery`); each row carries its through row as Sequelize's own
 * getter gives it (`genre.BookGenre`). A target with a default scope or find hooks is read through
 * Sequelize's getter instead, one parent at a time, so that they apply.
 */
async function loadBelongsToMany(association: Association, refs: RelatedRef[], sort: SortRequest, select: ColumnSelector): Promise<void> {
  const parts = belongsToManyParts(association);
  if (needsFindAll(parts.target) || needsFindAll(parts.through)) return loadOneByOne(association, refs, sort);
  const byParent = new Map<string, Model[]>();
  const { limit } = sort.params;
  const query = limit > 0 ? belongsToManyQuery(parts, oneMore(sort), withKey(select(parts.target), parts.targetKey)) : null;
  const cut = cutAt(limit, (row) => row[PARENT_KEY]);
  for (const keys of query ? chunks(distinctKeys(refs, parts.sourceKey)) : []) {
    for (const row of await selectModels(parts.target, query!.sql(keys.length), query!.replacements(keys), cut.keep)) {
      const parentKey = String(takeValue(row, PARENT_KEY));
      const link: Record<string, unknown> = {};
      for (const attribute of query!.throughAttributes) link[attribute] = takeValue(row, throughAlias(attribute));
      parseSqliteRow(parts.through, link);
      const throughRow = parts.through.build(link, { raw: true, isNewRecord: false });
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

/** Associations without a batched form, and belongs-to-many whose target needs findAll(): one query per parent, params applied. */
async function loadOneByOne(association: Association, refs: RelatedRef[], sort: SortRequest): Promise<void> {
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
