import { DataTypes, type Model, type ModelStatic } from 'sequelize';
import { datesAsText, postgresDateReader } from './postgresDates';
import { parseSqliteDate } from './sqliteDates';

type AnyModel = ModelStatic<Model>;
type Parse = (value: unknown, options: { timezone?: string }) => unknown;

/**
 * How each column of a row read as text is turned into its attribute's value (dates, JSON, floats),
 * with the options of the database the model is bound to when the plan was made.
 */
export interface RowPlan {
  plan: Array<[attribute: string, parse: Parse]>;
  parseOptions: { timezone?: string };
  sequelize: unknown;
}

const plans = new WeakMap<AnyModel, RowPlan>();

/**
 * The attributes of a model whose column the toolkit's own SELECTs read as text, each with its
 * parser, found once per model: on SQLite, whose driver answers dates, JSON and some floats as
 * text, each of those; on PostgreSQL, the DATE columns (read as text, see `postgresDates.ts`);
 * none on other databases, whose drivers type every value.
 *
 * @example
 * const { plan, parseOptions } = rowPlan(Book);
 * for (const [attribute, parse] of plan) row[attribute] = parse(row[attribute], parseOptions);
 */
export function rowPlan(target: AnyModel): RowPlan {
  let made = plans.get(target);
  // A model bound to another database since (a test's) gets a plan with that one's options.
  if (!made || made.sequelize !== target.sequelize) {
    const sequelize = target.sequelize!;
    const plan = sequelize.getDialect() === 'sqlite' ? sqlitePlan(target) : datesAsText(sequelize) ? postgresPlan(target) : [];
    const timezone = (sequelize as unknown as { options: { timezone?: string } }).options.timezone;
    made = { plan, parseOptions: { timezone }, sequelize };
    plans.set(target, made);
  }
  return made;
}

function sqlitePlan(target: AnyModel): RowPlan['plan'] {
  // Sequelize's dialect data types, the documented place of their parsers (not in its typings).
  const parsers = ((DataTypes as unknown as { sqlite?: unknown }).sqlite ?? {}) as Record<string, { parse?: Parse } | undefined>;
  const plan: RowPlan['plan'] = [];
  for (const [attribute, definition] of Object.entries(target.getAttributes())) {
    const key = (definition.type as { key?: string }).key;
    // A DATE is read exactly (Sequelize's own parser moves the years 0001-0099 to 19xx).
    if (key === 'DATE') plan.push([attribute, parseSqliteDate as Parse]);
    const parse = key === undefined || key === 'DATE' ? undefined : parsers[key]?.parse;
    if (typeof parse === 'function') plan.push([attribute, parse.bind(parsers[key!])]);
  }
  return plan;
}

function postgresPlan(target: AnyModel): RowPlan['plan'] {
  const read: Parse = postgresDateReader(target.sequelize!);
  const plan: RowPlan['plan'] = [];
  for (const [attribute, definition] of Object.entries(target.getAttributes())) {
    if ((definition.type as { key?: string }).key === 'DATE') plan.push([attribute, read]);
  }
  return plan;
}
