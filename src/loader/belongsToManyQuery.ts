import type { Association, Model, ModelStatic } from 'sequelize';
import { columnList } from './columnList';
import { scopeCondition } from './scopeCondition';
import { resolveSortKey, SortRequest } from './sortKey';
import { attributeKeys } from '../model/attributeKeys';
import { dialectOf } from './dialects/dialectOf';
import type { BatchStatement } from './dialects/SqlDialect';
import { isStoredAttribute } from '../model/storedAttribute';

type AnyModel = ModelStatic<Model>;

/** What Sequelize's BelongsToMany association holds (its typings leave most of it out). */
export interface BelongsToManyParts {
  target: AnyModel;
  through: AnyModel;
  /** The through model's attribute holding the parent's key, and the one holding the target's. */
  foreignKey: string;
  otherKey: string;
  /** The parent's attribute the foreign key refers to, and the target's the other key refers to. */
  sourceKey: string;
  targetKey: string;
  /** `where` of the association on the target, and on the through rows. */
  scope: object | undefined;
  throughScope: object | undefined;
}

/** The parts of a belongs-to-many association. */
export function belongsToManyParts(association: Association): BelongsToManyParts {
  const raw = association as unknown as {
    target: AnyModel;
    through: { model: AnyModel; scope?: object };
    foreignKey: string;
    otherKey: string;
    sourceKey: string;
    targetKey: string;
    scope?: object;
  };
  return {
    target: raw.target,
    through: raw.through.model,
    foreignKey: raw.foreignKey,
    otherKey: raw.otherKey,
    sourceKey: raw.sourceKey,
    targetKey: raw.targetKey,
    scope: raw.scope,
    throughScope: raw.through.scope,
  };
}

/** Column aliases of the extra values each row carries: its parent's key, and the through row's attributes. */
export const PARENT_KEY = '__rca_parent_key';
export const throughAlias = (attribute: string) => `__rca_through_${attribute}`;

/** One belongs-to-many load: its SQL for a number of parent keys, and the replacements in order. */
export interface BelongsToManyQuery extends BatchStatement {
  /** The through model's attributes each row carries (under `throughAlias`). */
  throughAttributes: string[];
}

/**
 * The batched belongs-to-many query of one include level: for up to 500 parents in one statement,
 * each parent's related rows through the join table, with limit, offset and sort applied per parent
 * and the through row's attributes alongside; the association's scopes on the target and on the
 * through rows apply. Shaped by the dialect (`dialects/`) as `hasManyQuery` is: PostgreSQL a
 * `LATERAL` subquery per parent key; SQLite a correlated `IN (SELECT ... LIMIT ? OFFSET ?)`; others
 * `ROW_NUMBER()`. Identifiers come from the models, quoted by the dialect; every value is a replacement.
 */
export function belongsToManyQuery(parts: BelongsToManyParts, sort: SortRequest, selected: string[] | null): BelongsToManyQuery {
  const { target, through } = parts;
  const pk = target.primaryKeyAttribute;
  const sortAttribute = resolveSortKey(attributeKeys(target), sort, pk);
  const direction = sort.params.order === 'desc' ? 'DESC' : 'ASC';
  const orderKeys = [sortAttribute, pk].filter((a, i, all): a is string => !!a && all.indexOf(a) === i);
  const rowsOf = columnList(target, selected ? [...selected, parts.targetKey, ...orderKeys] : null);
  const link = columnList(through, null);
  const { quote: q } = rowsOf;
  const throughAttributes = Object.keys(through.getAttributes()).filter((name) => isStoredAttribute(through.getAttributes()[name]));
  const alias = { parent: q('__rca_parent'), rows: q('__rca_rows'), t: q('__rca_t'), j: q('__rca_j'), link: q('__rca_link') };
  const parentKey = `${alias.parent}.${q('key')}`;
  const at = (prefix: string, attribute: string, list = rowsOf) => `${prefix}.${list.column(attribute)}`;
  const throughScope = (linkAlias: string) => (parts.throughScope ? ` AND ${scopeCondition(through, parts.throughScope, linkAlias)}` : '');
  const statement = dialectOf(target).belongsToMany({
    q,
    alias,
    parentKey,
    parentKeyAlias: q(PARENT_KEY),
    table: rowsOf.table,
    columns: (prefix) => rowsOf.columns(prefix),
    named: (prefix) => rowsOf.named(prefix),
    pk: (prefix) => at(prefix, pk),
    foreignKey: (prefix) => at(prefix, parts.foreignKey, link),
    joined: (t, j) => `${rowsOf.table} AS ${t} JOIN ${link.table} AS ${j} ON ${at(j, parts.otherKey, link)} = ${at(t, parts.targetKey)}`,
    scopes: (t, j) =>
      [
        rowsOf.paranoid.replace(' AND ', ` AND ${t}.`),
        parts.scope ? ` AND ${scopeCondition(target, parts.scope, t)}` : '',
        throughScope(j),
        sort.where ? ` AND ${sort.where(t)}` : '',
      ].join(''),
    linkColumns: (j) => throughAttributes.map((a) => `${at(j, a, link)} AS ${q(throughAlias(a))}`).join(', '),
    throughAliases: (rows) => throughAttributes.map((a) => `${rows}.${q(throughAlias(a))}`).join(', '),
    linkJoin:
      `${link.table} AS ${alias.link} ON ${at(alias.link, parts.foreignKey, link)} = ${parentKey} AND ${at(alias.link, parts.otherKey, link)} = ${at(alias.rows, parts.targetKey)}` +
      throughScope(alias.link),
    order: (prefix) => orderKeys.map((a) => `${at(prefix, a)} ${direction}`).join(', '),
    limit: sort.params.limit,
    offset: sort.params.offset,
  });
  return { ...statement, throughAttributes };
}
