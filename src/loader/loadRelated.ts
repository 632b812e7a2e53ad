import type { Model, ModelStatic } from 'sequelize';
import { isModel } from './isModel';
import { ApiError } from '../errors/ApiError';
import { applyParamsInMemory, memorySortKey, preloaded } from './inMemory';
import type { RelatedRef } from './RelatedRef';
import { associationOf, ColumnSelector, loadAssociation } from './sequelizeLoader';
import type { ReadAs } from './selectModels';
import type { SortRequest } from './sortKey';
import { bothConditions, policySql } from './policyRows';

/**
 * Fills every reference with its relation. References are grouped by parent model and relation;
 * a group already in memory costs no query, any other group costs one query (per 500 parents).
 * Collections get the include's limit, offset and sort, per parent; `select` narrows the columns
 * loaded (a sparse fieldset's), keys always kept; `as` chooses rows or model instances (see `selectModels`).
 *
 * @example
 * await loadRelated(refs, { params, sortGiven: false, path: 'comments' });
 */
export async function loadRelated(refs: RelatedRef[], sort: SortRequest, select?: ColumnSelector, as: ReadAs = 'instances'): Promise<void> {
  for (const group of groupRefs(refs).values()) {
    if (rowsOwnedByParent(group[0])) for (const ref of group) ref.exclusive = true;
    const sorted = withPolicy(group[0], sort);
    const pending = fillFromMemory(group, sorted);
    if (pending.length === 0) continue;
    const parent = pending[0].parent;
    if (!isModel(parent)) {
      throw new ApiError('RCA_RELATION_UNKNOWN', { model: parent.constructor.name, association: pending[0].association });
    }
    await loadAssociation(associationOf(parent, pending[0].association), pending, sorted, select, as);
  }
}

/**
 * The include's request with the rows the principal may see of the related model added to its
 * `where` (rows in memory were not read under the policy: they are read again).
 */
function withPolicy(ref: RelatedRef, sort: SortRequest): SortRequest {
  if (!isModel(ref.parent)) return sort;
  const target = (ref.parent.constructor as ModelStatic<Model>).associations?.[ref.association]?.target as ModelStatic<Model> | undefined;
  const rows = target && policySql(target);
  return rows ? { ...sort, where: bothConditions(sort.where, rows) } : sort;
}

/** A has-many or has-one relation of a model (loaded or not): each of its rows belongs to one parent. */
function rowsOwnedByParent(ref: RelatedRef): boolean {
  if (!isModel(ref.parent)) return false;
  const type = (ref.parent.constructor as ModelStatic<Model>).associations?.[ref.association]?.associationType;
  return type === 'HasMany' || type === 'HasOne';
}

function groupRefs(refs: RelatedRef[]): Map<unknown, RelatedRef[]> {
  const groups = new Map<unknown, Map<string, RelatedRef[]>>();
  const flat = new Map<unknown, RelatedRef[]>();
  for (const ref of refs) {
    let byName = groups.get(ref.parent.constructor);
    if (!byName) groups.set(ref.parent.constructor, (byName = new Map<string, RelatedRef[]>()));
    let list = byName.get(ref.association);
    if (!list) {
      byName.set(ref.association, (list = []));
      flat.set(list, list);
    }
    list.push(ref);
  }
  return flat;
}

/** Fills the references whose relation is loaded already; answers the others. One group shares one sort key. */
function fillFromMemory(group: RelatedRef[], sort: SortRequest): RelatedRef[] {
  const pending: RelatedRef[] = [];
  let sortKey: string | null | undefined;
  // Rows loaded already were not filtered by the include's filter(): they are read again.
  if (sort.where) return group;
  // One row past the limit, to know whether the limit cut the list.
  const params = { ...sort.params, limit: sort.params.limit + 1 };
  for (const ref of group) {
    const loaded = preloaded(ref.parent, ref.association);
    if (loaded === undefined) {
      pending.push(ref);
    } else if (Array.isArray(loaded)) {
      if (sortKey === undefined && loaded.length > 0) sortKey = memorySortKey(loaded[0], sort);
      ref.fill(applyParamsInMemory(loaded, params, sortKey ?? null), sort.params.limit);
    } else {
      ref.value = loaded;
    }
  }
  return pending;
}
