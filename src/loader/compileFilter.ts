import { literal, Model, ModelStatic, Op, WhereOptions } from 'sequelize';
import { ApiError } from '../errors/ApiError';
import { belongsToManyParts } from './belongsToManyQuery';
import { scopeCondition } from './scopeCondition';
import { policySql } from './policyRows';
import type { FilterCondition, FilterRequest, RelationStep } from '../metadata/filterTypes';
import { searchCondition } from './searchCondition';
import { SqlWriter } from './SqlWriter';

type AnyModel = ModelStatic<Model>;

/**
 * A request's filter as a Sequelize `where` on `model` (the listed model, under its own name as
 * `findAll()` aliases it): conditions on its columns compare them; a condition through a relation
 * (`author.name`, `comments.body`, `genres.name`) is a semi-join (`author_id IN (SELECT id FROM
 * authors WHERE ...)`), so that a parent is listed once however many related rows match, and no
 * statement is added.
 * Values are escaped by the dialect; identifiers come from the models. Undefined without a filter.
 *
 * @example
 * Book.findAll({ where: compileFilter(Book, request) }); // WHERE "Book"."author_id" IN (SELECT "__rca_f1"."id" FROM "authors" AS "__rca_f1" WHERE ...)
 */
export function compileFilter(model: AnyModel, request: FilterRequest | null): WhereOptions | undefined {
  if (!request) return undefined;
  const writer = new SqlWriter(model);
  const root = writer.quote(model.name);
  const parts = request.all.map((condition) => conditionSql(writer, root, condition));
  if (request.any.length > 0) {
    parts.push(`(${request.any.map((group) => `(${group.map((condition) => conditionSql(writer, root, condition)).join(' AND ')})`).join(' OR ')})`);
  }
  return { [Op.and]: parts.map((sql) => literal(sql)) };
}

/**
 * A filter's conditions as SQL on `model` under `alias` (quoted): for the related rows of an
 * include (`comments:filter(rating|gte|4)`), inside the loader's own statements.
 *
 * @example
 * filterSql(Comment, request, '"__rca_t"'); // "__rca_t"."rating" >= 4
 */
export function filterSql(model: AnyModel, request: FilterRequest, alias: string): string {
  const writer = new SqlWriter(model);
  const parts = request.all.map((condition) => conditionSql(writer, alias, condition));
  if (request.any.length > 0) {
    parts.push(`(${request.any.map((group) => `(${group.map((condition) => conditionSql(writer, alias, condition)).join(' AND ')})`).join(' OR ')})`);
  }
  return parts.join(' AND ');
}

/** One condition, through its relation path when it has one. */
function conditionSql(writer: SqlWriter, root: string, condition: FilterCondition): string {
  const { steps, model, name } = condition.field;
  const listed = steps.length === 0 ? model : (steps[0].association.source as AnyModel);
  if (listed !== writer.model)
    throw new ApiError('RCA_FILTER_UNMAPPED', { field: name, model: writer.model.name, reason: `@Filterable declares it on ${listed.name}` });
  if (steps.length === 0) return comparison(writer, writer.model, root, condition);
  return semiJoin(writer, writer.model, root, steps, condition);
}

/**
 * `<parent key> IN (SELECT <related key> FROM <related> WHERE <the rest of the path>)`: a semi-join,
 * true once however many related rows match. The subquery does not refer to the parent row, so the
 * database runs it once and meets the parent's foreign key index with its few keys (an author's
 * name gives its ids, then the books of those authors are read through `books(author_id, ...)`).
 */
function semiJoin(writer: SqlWriter, parent: AnyModel, parentAlias: string, steps: readonly RelationStep[], condition: FilterCondition): string {
  const [step, ...rest] = steps;
  const { association, target } = step;
  const alias = writer.nextAlias();
  const conditions = [rest.length > 0 ? semiJoin(writer, target, alias, rest, condition) : comparison(writer, target, alias, condition)];
  const scoped = (association as unknown as { scope?: object }).scope;
  if (scoped) conditions.push(scopeCondition(target, scoped, alias));
  if (target.options.paranoid) conditions.push(`${writer.column(target, alias, (target.options.deletedAt as string) ?? 'deletedAt')} IS NULL`);
  // A related row the principal may not see matches nothing: it cannot be found by filtering on it.
  const visible = policySql(target);
  if (visible) conditions.push(visible(alias));
  const raw = association as unknown as { foreignKey: string; sourceKey: string; targetKey: string };
  switch (association.associationType) {
    case 'BelongsTo':
      return `${writer.column(parent, parentAlias, raw.foreignKey)} IN (SELECT ${writer.column(target, alias, raw.targetKey)} FROM ${writer.table(target)} AS ${alias} WHERE ${conditions.join(' AND ')})`;
    case 'HasOne':
    case 'HasMany':
      return `${writer.column(parent, parentAlias, raw.sourceKey)} IN (SELECT ${writer.column(target, alias, raw.foreignKey)} FROM ${writer.table(target)} AS ${alias} WHERE ${conditions.join(' AND ')})`;
    default: {
      const parts = belongsToManyParts(association);
      const link = writer.nextAlias();
      if (parts.throughScope) conditions.push(scopeCondition(parts.through, parts.throughScope, link));
      const join = `${writer.column(target, alias, parts.targetKey)} = ${writer.column(parts.through, link, parts.otherKey)}`;
      return (
        `${writer.column(parent, parentAlias, parts.sourceKey)} IN (SELECT ${writer.column(parts.through, link, parts.foreignKey)} ` +
        `FROM ${writer.table(parts.through)} AS ${link} JOIN ${writer.table(target)} AS ${alias} ON ${join} WHERE ${conditions.join(' AND ')})`
      );
    }
  }
}

/** The escaped `LIKE` pattern of a text (its `%`, `_` and `\` taken literally). */
function likePattern(writer: SqlWriter, text: string, before: string, after: string): string {
  return `${writer.escape(`${before}${text.replace(/[\\%_]/g, (c) => `\\${c}`)}${after}`)} ESCAPE '\\'`;
}

/** A condition on a column of `model` under `alias`. `ne` and `nin` hold for NULL too (a NULL is not equal to the value). */
function comparison(writer: SqlWriter, model: AnyModel, alias: string, condition: FilterCondition): string {
  const { field, operator, value } = condition;
  if (operator === 'search') return searchCondition(writer, model, alias, field, value as string);
  const column = writer.column(model, alias, field.attribute);
  const list = () => (value as unknown[]).map((item) => writer.escape(item)).join(', ');
  // Text patterns ignore case on both databases (SQLite's LIKE does for ASCII letters).
  const like = writer.dialect.caseInsensitiveLike;
  switch (operator) {
    case 'eq':
      return `${column} = ${writer.escape(value)}`;
    case 'ne':
      return `(${column} <> ${writer.escape(value)} OR ${column} IS NULL)`;
    case 'gt':
      return `${column} > ${writer.escape(value)}`;
    case 'gte':
      return `${column} >= ${writer.escape(value)}`;
    case 'lt':
      return `${column} < ${writer.escape(value)}`;
    case 'lte':
      return `${column} <= ${writer.escape(value)}`;
    case 'in':
      return `${column} IN (${list()})`;
    case 'nin':
      return `(${column} NOT IN (${list()}) OR ${column} IS NULL)`;
    case 'between': {
      const [low, high] = value as unknown[];
      return `${column} BETWEEN ${writer.escape(low)} AND ${writer.escape(high)}`;
    }
    case 'null':
      return `${column} IS ${value ? '' : 'NOT '}NULL`;
    case 'contains':
      return `${column} ${like} ${likePattern(writer, value as string, '%', '%')}`;
    case 'starts':
      return `${column} ${like} ${likePattern(writer, value as string, '', '%')}`;
    default:
      return `${column} ${like} ${likePattern(writer, value as string, '%', '')}`;
  }
}

export type { SqlWriter };
