import { Op, Utils, type FindOptions, type Model, type ModelStatic, type Sequelize, type WhereOptions } from 'sequelize';
import { requestStorage } from '../context/RequestContext';
import { rulesFor } from '../context/rulesFor';
import type { ResolvedRules } from '../policy/ResolvedRules';

type AnyModel = ModelStatic<Model>;

/** An include of a find as Sequelize has conformed it (`_conformIncludes`): a model, maybe its association. */
interface ConformedInclude {
  model: AnyModel;
  as?: string;
  association?: { as: string };
  where?: WhereOptions;
  required?: boolean;
  attributes?: FindOptions['attributes'];
  include?: ConformedInclude[];
  all?: unknown;
}

/** Options of a find, count or bulk write, as far as the rules change them. */
interface RuledOptions {
  where?: WhereOptions;
  attributes?: FindOptions['attributes'];
  include?: unknown;
}

/** Sequelize's own steps that turn `include` into conformed objects (model.js), run before the rules read it. */
interface IncludeSteps {
  _conformIncludes(options: RuledOptions, self: AnyModel): void;
  _expandIncludeAll(options: RuledOptions): void;
}

const installed = new WeakSet<object>();

/** Sequelize's own mapping of a where's attribute names to their columns. */
interface FieldNames {
  mapWhereFieldNames(where: WhereOptions, model: AnyModel): WhereOptions;
}

/** Marks the options of a count the rules were applied to already (its aggregate() must not apply them again). */
const RULED = Symbol('rca.policy.ruled');

/** A model class's `aggregate()`, which `max()`, `min()`, `sum()` and `count()` go through, and which runs no hook. */
type Aggregate = (this: AnyModel, attribute: string, fn: string, options?: RuledOptions & { [RULED]?: true }) => Promise<unknown>;

/** The model classes whose aggregate() reads under the rules. */
const aggregating = new WeakSet<object>();

/**
 * Puts every statement the app's Sequelize models make inside a request under the caller's rules,
 * with Sequelize's own universal hooks: `findAll()` and all that goes through it (`findOne`,
 * `findByPk`, `findAndCountAll`, `reload`, association getters) and `count()` read only the rows
 * `rows` lets through, at the top and in every eager-loaded include (an include stays as optional
 * as it was); no hidden attribute is selected, at any depth, so no instance holds one; an eager load
 * of a hidden association is left out, as if it did not exist; `update()` and `destroy()` of many
 * rows touch only visible ones. Outside a request, or for a model without a policy, nothing changes.
 * A raw `sequelize.query()` is not covered: narrow it with `visibleRows()`.
 *
 * @example
 * applyPoliciesToStatements(sequelize); // useApi() does it when given `sequelize` and `policies`
 */
export function applyPoliciesToStatements(sequelize: Sequelize): void {
  if (installed.has(sequelize)) return;
  installed.add(sequelize);
  sequelize.addHook('beforeFindAfterExpandIncludeAll', 'rca.policy', function (this: AnyModel, options) {
    const rules = currentRules();
    if (rules) underRules(this, options as RuledOptions, rules, true);
  });
  sequelize.addHook('beforeCount', 'rca.policy', function (this: AnyModel, options) {
    const rules = currentRules();
    if (!rules) return;
    conformIncludes(this, options as RuledOptions);
    underRules(this, options as RuledOptions, rules, false);
    (options as { [RULED]?: true })[RULED] = true;
  });
  for (const model of Object.values(sequelize.models)) aggregateUnderRules(model);
  for (const hook of ['beforeBulkUpdate', 'beforeBulkDestroy'] as const) {
    sequelize.addHook(hook, 'rca.policy', function (this: AnyModel, options: { where?: WhereOptions }) {
      const rows = currentRules()?.(this).rows;
      // destroy() has mapped its where to column names before this hook runs: the rows are mapped alike.
      if (rows) options.where = both(options.where, (Utils as unknown as FieldNames).mapWhereFieldNames(rows, this));
    });
  }
}

/**
 * Makes `model.aggregate()` (so `max()`, `min()`, `sum()`) read under the caller's rules: Sequelize
 * runs no hook there. A count's was applied by the `beforeCount` hook already.
 */
function aggregateUnderRules(model: AnyModel): void {
  if (aggregating.has(model)) return;
  aggregating.add(model);
  const inherited = (model as unknown as { aggregate: Aggregate }).aggregate;
  const aggregate: Aggregate = function (attribute, fn, options = {}) {
    const rules = currentRules();
    if (!rules || options[RULED]) return inherited.call(this, attribute, fn, options);
    // Sequelize's own copy (models and literals kept as they are): the rules must not change the caller's options.
    const ruled = (Utils as unknown as { cloneDeep<T>(value: T): T }).cloneDeep(options);
    conformIncludes(this, ruled);
    underRules(this, ruled, rules, false);
    return inherited.call(this, attribute, fn, ruled);
  };
  Object.defineProperty(model, 'aggregate', { value: aggregate, writable: true, configurable: true });
}

/** The rules of the request running now, by model; undefined outside a request or without policies. */
function currentRules(): ((model: AnyModel) => ResolvedRules) | undefined {
  const context = requestStorage.getStore();
  if (!context?.app.policies) return undefined;
  return (model) => rulesFor(context, model);
}

/** The includes of a count as a find has them when its hook runs: conformed, `all: true` expanded. */
function conformIncludes(model: AnyModel, options: RuledOptions): void {
  if (!options.include) return;
  const steps = model as unknown as IncludeSteps;
  steps._conformIncludes(options, model);
  steps._expandIncludeAll(options);
}

/** `options` of a read of `model` narrowed to the caller's rows and readable attributes, includes too. */
function underRules(model: AnyModel, options: RuledOptions, rules: (model: AnyModel) => ResolvedRules, selects: boolean): void {
  const own = rules(model);
  if (own.rows) options.where = both(options.where, own.rows);
  if (selects && own.hidden.size > 0) options.attributes = readable(model, options.attributes, own.hidden);
  if (Array.isArray(options.include)) options.include = visibleIncludes(model, options.include as ConformedInclude[], rules, selects);
}

/** The includes of `parent` less those through a hidden association, each under its own model's rules. */
function visibleIncludes(parent: AnyModel, includes: ConformedInclude[], rules: (model: AnyModel) => ResolvedRules, selects: boolean): ConformedInclude[] {
  const hiddenRelations = rules(parent).hiddenRelations;
  const kept: ConformedInclude[] = [];
  for (const include of includes) {
    if (hiddenRelations.size > 0 && hiddenRelations.has(associationName(parent, include) ?? '')) continue;
    const own = rules(include.model);
    if (own.rows) {
      // A where makes an include required unless told otherwise: the caller's rows must not.
      include.required ??= include.where !== undefined;
      include.where = both(include.where, own.rows);
    }
    if (selects && own.hidden.size > 0) include.attributes = readable(include.model, include.attributes, own.hidden, true);
    if (Array.isArray(include.include)) include.include = visibleIncludes(include.model, include.include, rules, selects);
    kept.push(include);
  }
  return kept;
}

/** The association an include loads, as its parent names it. */
function associationName(parent: AnyModel, include: ConformedInclude): string | undefined {
  if (include.association) return include.association.as;
  if (include.as) return include.as;
  return Object.values(parent.associations ?? {}).find((association) => association.target === include.model)?.as;
}

/** The attributes a find selects, less the hidden ones (the primary key always stays). */
function readable(model: AnyModel, attributes: FindOptions['attributes'], hidden: ReadonlySet<string>, nested = false): FindOptions['attributes'] {
  const keep = (name: unknown) => typeof name !== 'string' || !hidden.has(name) || name === model.primaryKeyAttribute;
  if (Array.isArray(attributes)) return attributes.filter(keep);
  if (attributes && typeof attributes === 'object') {
    const { include, exclude = [] } = attributes as { include?: unknown[]; exclude?: string[] };
    return { ...(include ? { include: include.filter(keep) } : {}), exclude: [...exclude, ...[...hidden].filter(keep)] } as FindOptions['attributes'];
  }
  if (nested) return { exclude: [...hidden].filter((name) => name !== model.primaryKeyAttribute) };
  return Object.keys(model.getAttributes()).filter(keep);
}

/** Two conditions, both holding; the first may be absent. */
const both = (where: WhereOptions | undefined, rows: WhereOptions): WhereOptions => (where ? { [Op.and]: [where, rows] } : rows);
