import { QueryTypes, type Model, type ModelStatic } from 'sequelize';
import { columnList } from './columnList';
import { needsFindAll, rawRows, ReadAs, recordsOf, selectModels } from './selectModels';
import { whereCondition } from './whereCondition';
import { keptStatement } from './statementCache';

type AnyModel = ModelStatic<Model>;

/** The find options the toolkit writes its own SELECT for; any other option goes to Sequelize. */
const WRITTEN = new Set(['where', 'order', 'attributes', 'limit', 'offset', 'distinct']);

/** One page's statements, the parts that do not depend on the request written once per model and columns. */
interface PageStatement {
  /** `SELECT <columns>`. */
  select: string;
  /** ` FROM <table> AS <model>`. */
  from: string;
  /** The total's column, quoted. */
  total: string;
  /** `SELECT count(*) AS count FROM <table> AS <model>`. */
  count: string;
  /** The conditions every row meets (`"deleted_at" IS NULL` of a paranoid model), as a list. */
  always: string[];
  orderBy: string;
  /** The model's name, quoted: the alias findAll() gives the table, which the filter's conditions name. */
  alias: string;
}

export { statementsKept } from './statementCache';

/**
 * The rows `model.findAll(options)` answers, read by one SELECT written here when the options are
 * ones it writes (`where`, `order` of `[attribute, direction]` pairs, string `attributes`, `limit`,
 * `offset`) and the model has no default scope or find hooks; null otherwise (the caller asks
 * Sequelize). Rows or instances as `as` says (see `selectModels`).
 *
 * @example
 * const rows = await readRows(Book, { order: [['id', 'DESC']], limit: 6 }, 'rows');
 */
export async function readRows<M extends Model>(model: ModelStatic<M>, options: Record<string, unknown>, as: ReadAs): Promise<M[] | null> {
  const statement = pageStatement(model, options);
  if (!statement) return null;
  return selectModels(model, rowsSql(model as AnyModel, statement, options), [], { as });
}

/**
 * `findAndCountAll(options)` without Sequelize's query building and, when `as` is `'rows'`, without
 * model instances: the page and the total in one statement, the total a subquery read beside each
 * row (one statement where findAndCountAll runs two; uncorrelated, so the database counts once). A
 * page past the last row has no row to carry it, and counts in a statement of its own. Null when
 * the options are not ones {@link readRows} writes.
 *
 * @example
 * const page = await readPageAndCount(Book, { order: [['createdAt', 'DESC']], limit: 5, offset: 0 }, 'rows');
 */
export async function readPageAndCount<M extends Model>(
  model: ModelStatic<M>,
  options: Record<string, unknown>,
  as: ReadAs,
): Promise<{ rows: M[]; count: number } | null> {
  const statement = pageStatement(model, options);
  if (!statement) return null;
  const where = whereSql(model, statement, options.where);
  const counted = `${statement.count}${where}`;
  const read = await rawRows(model, rowsSql(model, statement, options, where, `, (${counted}) AS ${statement.total}`), []);
  const count = read.length > 0 ? Number(read[0][TOTAL]) : options.offset ? await countOf(model, counted) : 0;
  // The total, the same in every row, is taken off each before it is typed. It is the last column:
  // deleting an object's last property keeps its shape.
  for (const row of read) delete row[TOTAL];
  return { rows: recordsOf(model, read, as), count };
}

/** The column the page's total is read in, beside each row's own. */
const TOTAL = '__rca_total';

async function countOf(model: AnyModel, sql: string): Promise<number> {
  const total = await model.sequelize!.query<{ count: number | string }>(sql, { type: QueryTypes.SELECT, raw: true, plain: true });
  return Number(total?.count ?? 0);
}

/** The page's SELECT, with `extra` columns after the model's own. */
function rowsSql(
  model: AnyModel,
  statement: PageStatement,
  options: Record<string, unknown>,
  where = whereSql(model, statement, options.where),
  extra = '',
): string {
  const limit = options.limit === undefined ? '' : ` LIMIT ${Number(options.limit)}`;
  const offset = options.offset ? ` OFFSET ${Number(options.offset)}` : '';
  return `${statement.select}${extra}${statement.from}${where}${statement.orderBy}${limit}${offset}`;
}

/**
 * ` WHERE ...`: the options' `where`, its attributes mapped to their columns and written by
 * Sequelize's own generator (as findAll() does both), and the model's own conditions.
 */
function whereSql(model: AnyModel, statement: PageStatement, where: unknown): string {
  if (isEmpty(where)) return statement.always.length === 0 ? '' : ` WHERE ${statement.always.join(' AND ')}`;
  const conditions = [whereCondition(model, where as object, statement.alias), ...statement.always];
  return conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`;
}

function isEmpty(where: unknown): boolean {
  return where === undefined || where === null || (typeof where === 'object' && Reflect.ownKeys(where).length === 0);
}

/** The statement of these options, made once per model, columns and order; null for options it does not write. */
function pageStatement(model: AnyModel, options: Record<string, unknown>): PageStatement | null {
  if (needsFindAll(model)) return null;
  for (const [key, value] of Object.entries(options)) if (value !== undefined && !WRITTEN.has(key)) return null;
  const attributes = attributesOf(model, options.attributes);
  const order = orderOf(model, options.order);
  if (attributes === undefined || order === null) return null;
  const key = `${attributes?.join(',') ?? '*'}|${order.map(([attribute, direction]) => `${attribute} ${direction}`).join(',')}`;
  return keptStatement(model, `page ${key}`, () => {
    const { named, quote, table, column, paranoid } = columnList(model, attributes);
    const alias = quote(model.name);
    const from = ` FROM ${table} AS ${alias}`;
    return {
      select: `SELECT ${named()}`,
      from,
      total: quote(TOTAL),
      count: `SELECT count(*) AS ${quote('count')}${from}`,
      always: paranoid ? [paranoid.slice(' AND '.length)] : [],
      alias,
      orderBy: order.length === 0 ? '' : ` ORDER BY ${order.map(([attribute, direction]) => `${alias}.${column(attribute)} ${direction}`).join(', ')}`,
    };
  });
}

/** String attributes of the model, null for all of them; undefined when they are anything else (a function, an alias). */
function attributesOf(model: AnyModel, attributes: unknown): string[] | null | undefined {
  if (attributes === undefined || attributes === null) return null;
  const known = model.getAttributes();
  if (!Array.isArray(attributes) || !attributes.every((name) => typeof name === 'string' && name in known)) return undefined;
  return attributes as string[];
}

/** `[attribute, 'ASC' | 'DESC']` pairs (or bare attributes); null for anything else (a function, a path through an include). */
function orderOf(model: AnyModel, order: unknown): Array<[string, 'ASC' | 'DESC']> | null {
  if (order === undefined || order === null) return [];
  if (!Array.isArray(order)) return null;
  const known = model.getAttributes();
  const pairs: Array<[string, 'ASC' | 'DESC']> = [];
  for (const item of order as unknown[]) {
    const [attribute, direction = 'ASC'] = (Array.isArray(item) ? item : [item]) as unknown[];
    const upper = typeof direction === 'string' ? direction.toUpperCase() : '';
    if (typeof attribute !== 'string' || !(attribute in known) || (upper !== 'ASC' && upper !== 'DESC') || (Array.isArray(item) && item.length > 2))
      return null;
    pairs.push([attribute, upper]);
  }
  return pairs;
}
