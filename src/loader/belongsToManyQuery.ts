import type { Association, Model, ModelStatic } from 'sequelize';
import { columnList } from './columnList';
import { scopeCondition } from './scopeCondition';
import { resolveSortKey, SortRequest } from './sortKey';
import { attributeKeys } from '../model/attributeKeys';

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
export interface BelongsToManyQuery {
  sql(count: number): string;
  replacements(keys: unknown[]): unknown[];
  /** The through model's attributes each row carries (under `throughAlias`). */
  throughAttributes: string[];
}

/**
 * The batched belongs-to-many query of one include level: for up to 500 parents in one statement,
 * each parent's related rows through the join table, with limit, offset and sort applied per parent
 * and the through row's attributes alongside; the association's scopes on the target and on the
 * through rows apply. Shaped by dialect as `hasManyQuery` is: PostgreSQL a `LATERAL` subquery per
 * parent key; SQLite a correlated `IN (SELECT ... LIMIT ? OFFSET ?)`; others `ROW_NUMBER()`.
 * Identifiers come from the models, quoted by the dialect; every value is a replacement.
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
  const throughAttributes = Object.keys(through.getAttributes()).filter((name) => through.getAttributes()[name].field);
  const alias = { parent: q('__rca_parent'), rows: q('__rca_rows'), t: q('__rca_t'), j: q('__rca_j'), link: q('__rca_link') };
  const parentKey = `${alias.parent}.${q('key')}`;
  const at = (prefix: string, attribute: string, list = rowsOf) => `${prefix}.${list.column(attribute)}`;
  const order = (prefix: string) => orderKeys.map((a) => `${at(prefix, a)} ${direction}`).join(', ');
  const linkColumns = (prefix: string) => throughAttributes.map((a) => `${at(prefix, a, link)} AS ${q(throughAlias(a))}`).join(', ');
  const scopes = (targetAlias: string, linkAlias: string) =>
    [
      rowsOf.paranoid.replace(' AND ', ` AND ${targetAlias}.`),
      parts.scope ? ` AND ${scopeCondition(target, parts.scope, targetAlias)}` : '',
      parts.throughScope ? ` AND ${scopeCondition(through, parts.throughScope, linkAlias)}` : '',
      sort.where ? ` AND ${sort.where(targetAlias)}` : '',
    ].join('');
  const joined = (t: string, j: string) => `${rowsOf.table} AS ${t} JOIN ${link.table} AS ${j} ON ${at(j, parts.otherKey, link)} = ${at(t, parts.targetKey)}`;
  const values = (count: number) => new Array(count).fill('(?)').join(', ');
  const { limit, offset } = sort.params;
  switch (target.sequelize!.getDialect()) {
    case 'postgres':
      return {
        throughAttributes,
        sql: (count) =>
          `SELECT ${rowsOf.named(`${alias.rows}.`)}, ${parentKey} AS ${q(PARENT_KEY)}, ${throughAttributes.map((a) => `${alias.rows}.${q(throughAlias(a))}`).join(', ')} ` +
          `FROM (VALUES ${values(count)}) AS ${alias.parent}(${q('key')}) CROSS JOIN LATERAL ` +
          `(SELECT ${rowsOf.columns(`${alias.t}.`)}, ${linkColumns(alias.j)} FROM ${joined(alias.t, alias.j)} ` +
          `WHERE ${at(alias.j, parts.foreignKey, link)} = ${parentKey}${scopes(alias.t, alias.j)} ORDER BY ${order(alias.t)} LIMIT ? OFFSET ?) AS ${alias.rows} ` +
          `ORDER BY ${parentKey}, ${order(alias.rows)}`,
        replacements: (keys) => [...keys, limit, offset],
      };
    case 'sqlite':
      return {
        throughAttributes,
        sql: (count) =>
          `WITH ${alias.parent}(${q('key')}) AS (VALUES ${values(count)}) ` +
          `SELECT ${rowsOf.named(`${alias.rows}.`)}, ${parentKey} AS ${q(PARENT_KEY)}, ${linkColumns(alias.link)} FROM ${alias.parent} ` +
          `JOIN ${rowsOf.table} AS ${alias.rows} ON ${at(alias.rows, pk)} IN ` +
          `(SELECT ${at(alias.t, pk)} FROM ${joined(alias.t, alias.j)} WHERE ${at(alias.j, parts.foreignKey, link)} = ${parentKey}${scopes(alias.t, alias.j)} ` +
          `ORDER BY ${order(alias.t)} LIMIT ? OFFSET ?) ` +
          `JOIN ${link.table} AS ${alias.link} ON ${at(alias.link, parts.foreignKey, link)} = ${parentKey} AND ${at(alias.link, parts.otherKey, link)} = ${at(alias.rows, parts.targetKey)}` +
          `${parts.throughScope ? ` AND ${scopeCondition(through, parts.throughScope, alias.link)}` : ''} ` +
          `ORDER BY ${parentKey}, ${order(alias.rows)}`,
        replacements: (keys) => [...keys, limit, offset],
      };
    default:
      return {
        throughAttributes,
        sql: (count) =>
          `SELECT ${rowsOf.named(`${alias.rows}.`)}, ${alias.rows}.${q(PARENT_KEY)}, ${throughAttributes.map((a) => `${alias.rows}.${q(throughAlias(a))}`).join(', ')} FROM ` +
          `(SELECT ${rowsOf.columns(`${alias.t}.`)}, ${linkColumns(alias.j)}, ${at(alias.j, parts.foreignKey, link)} AS ${q(PARENT_KEY)}, ` +
          `ROW_NUMBER() OVER (PARTITION BY ${at(alias.j, parts.foreignKey, link)} ORDER BY ${order(alias.t)}) AS ${q('__rca_row')} ` +
          `FROM ${joined(alias.t, alias.j)} WHERE ${at(alias.j, parts.foreignKey, link)} IN (${new Array(count).fill('?').join(', ')})${scopes(alias.t, alias.j)}) AS ${alias.rows} ` +
          `WHERE ${q('__rca_row')} > ? AND ${q('__rca_row')} <= ? ORDER BY ${alias.rows}.${q(PARENT_KEY)}, ${q('__rca_row')}`,
        replacements: (keys) => [...keys, offset, offset + limit],
      };
  }
}
