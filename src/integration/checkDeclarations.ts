import { getMetadataArgsStorage } from 'routing-controllers';
import type { Model, ModelStatic, Sequelize } from 'sequelize';
import { ApiError } from '../errors/ApiError';
import { fieldAttribute } from '../model/fieldAttribute';
import { filterFields } from '../model/filterFields';
import type { FilterableMetadata } from '../metadata/filterTypes';
import { ActionApiMetadata, instantiate, readActionMetadata } from '../metadata/actionMetadata';
import { includeShapes } from '../transformer/includeShapes';
import { Transformer } from '../transformer/Transformer';
import { TransformerModels, transformerModels, TransformersMet } from './transformerModels';

type AnyModel = ModelStatic<Model>;

/** What the checks have seen: the problems found, the models known, the transformers walked and the models each was met with. */
interface Checks {
  problems: string[];
  models: readonly AnyModel[];
  walked: Set<string>;
  met: TransformersMet;
}

/** An action of a controller class, as routing-controllers registers it. */
export interface DeclaredAction {
  target: { name: string; prototype: object };
  method: string;
}

/**
 * The actions routing-controllers serves for `controllers` (classes; every decorated one when the
 * list is absent, as routing-controllers does).
 *
 * @example
 * routedActions([BooksController]); // [{ target: BooksController, method: 'index' }, ...]
 */
export function routedActions(controllers: readonly unknown[] | undefined): DeclaredAction[] {
  const classes = controllers?.filter((entry) => typeof entry === 'function');
  return getMetadataArgsStorage().actions.filter((action) => !classes || classes.includes(action.target));
}

/** The models of a Sequelize instance. */
export const modelsOf = (sequelize: Sequelize | undefined): AnyModel[] => (sequelize ? Object.values(sequelize.models) : []);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Checks every name the app's declarations give against its models and transformers, when the app
 * starts: `@AvailableIncludes` entries, `@Filterable` fields and paths, `@Sortable` keys, the
 * associations include methods name in `this.related()`, each transformer's `includeFilters`,
 * `aggregates`, `sortable` and `includeTransformers`, and models whose class fields shadow their
 * attributes. One error lists every bad name with where it was declared; a typo then stops the app
 * at start-up instead of answering 500 the first time a client uses it. Names a check cannot reach
 * (a transformer's model when no decorator names it) are checked against every model.
 *
 * @example
 * checkDeclarations(routedActions([BooksController]), Object.values(sequelize.models)); // throws RCA_DECLARATIONS_INVALID listing each
 */
export function checkDeclarations(actions: readonly DeclaredAction[], models: readonly AnyModel[], policies = false): TransformerModels {
  const checks: Checks = { problems: [], models, walked: new Set(), met: new Map() };
  for (const model of models) checkClassFields(model, checks);
  for (const { target, method } of actions) checkAction(`${target.name}.${method}()`, readActionMetadata(target, method), checks);
  const learnt = transformerModels(checks.met, checks.problems, policies);
  if (checks.problems.length === 0) return learnt;
  const unique = [...new Set(checks.problems)];
  throw new ApiError('RCA_DECLARATIONS_INVALID', { count: unique.length, list: unique.map((problem) => `\n  - ${problem}`).join('') });
}

/**
 * A model whose class fields are defined (`title!: string` with `useDefineForClassFields`, the
 * default of target ES2022) gets an own property per field, hiding Sequelize's accessors: every
 * attribute then reads undefined.
 */
function checkClassFields(model: AnyModel, checks: Checks): void {
  let probe: object;
  try {
    probe = model.build({});
  } catch {
    return;
  }
  const shadowed = Object.keys(model.getAttributes()).filter((attribute) => Object.prototype.hasOwnProperty.call(probe, attribute));
  if (shadowed.length === 0) return;
  checks.problems.push(
    `model ${model.name}: the class fields ${shadowed.join(', ')} hide its attributes (each would read undefined): ` +
      'write them as `declare title: string`, or set "useDefineForClassFields": false in tsconfig.json',
  );
}

function checkAction(where: string, metadata: ActionApiMetadata, checks: Checks): void {
  const source = metadata.transformer ? instantiate(metadata.transformer.transformer) : undefined;
  const transformer: Transformer | undefined = source instanceof Transformer ? (source as Transformer) : undefined;
  const model = metadata.filterable?.model() ?? metadata.created?.();
  if (metadata.filterable) checkFilterable(`${where} @Filterable`, metadata.filterable, transformer, checks);
  if (transformer && metadata.includes) {
    const known = new Set([...transformer.availableIncludes, ...transformer.defaultIncludes]);
    for (const name of metadata.includes) {
      if (!known.has(name))
        checks.problems.push(
          `${where} @AvailableIncludes: ${transformer.constructor.name} has no include "${name}" (it has: ${[...known].join(', ') || 'none'})`,
        );
    }
  }
  if (model && metadata.sortable) {
    for (const key of metadata.sortable) {
      if (!fieldAttribute(model, key, transformer))
        checks.problems.push(`${where} @Sortable: "${key}" is no attribute of ${model.name} (map it in the transformer's columns)`);
    }
  }
  if (transformer) checkTransformer(transformer, model, checks);
}

/** Each field on its own: the first bad one does not hide the others. */
function checkFilterable(where: string, metadata: FilterableMetadata, transformer: unknown, checks: Checks): void {
  for (const [name, declaration] of Object.entries(metadata.fields)) {
    try {
      filterFields({ ...metadata, fields: { [name]: declaration } }, transformer);
    } catch (error) {
      checks.problems.push(`${where}: ${messageOf(error)}`);
    }
  }
}

/** A transformer's includes and what it declares of them, then the transformers they name, each once per model. */
function checkTransformer(transformer: Transformer, model: AnyModel | undefined, checks: Checks): void {
  const name = transformer.constructor.name;
  const key = `${name}@${model?.name ?? '?'}`;
  if (checks.walked.has(key)) return;
  checks.walked.add(key);
  let met = checks.met.get(transformer.constructor);
  if (!met) checks.met.set(transformer.constructor, (met = { transformer, models: new Set() }));
  met.models.add(model);
  let shapes: ReturnType<typeof includeShapes>;
  try {
    shapes = includeShapes(transformer);
  } catch (error) {
    return void checks.problems.push(`${name}: ${messageOf(error)}`);
  }
  const includes = new Set(shapes.map((shape) => shape.name));
  for (const [member, declared] of Object.entries({
    aggregates: transformer.aggregates,
    includeFilters: transformer.includeFilters,
    sortable: transformer.sortable,
    includeTransformers: transformer.includeTransformers,
  })) {
    for (const include of Object.keys(declared)) {
      if (!includes.has(include)) checks.problems.push(`${name}.${member}: "${include}" is not one of its includes (${[...includes].join(', ') || 'none'})`);
    }
  }
  for (const shape of shapes) {
    const where = `${name}.${shape.method}()`;
    let target = shape.relation ? relationTarget(where, model, shape.relation, checks) : undefined;
    const filters = transformer.includeFilters[shape.name];
    if (filters) {
      target ??= filters.model();
      checkFilterable(`${name}.includeFilters.${shape.name}`, filters, shape.transformer, checks);
    }
    if (target) {
      for (const column of [...(transformer.aggregates[shape.name] ?? []), ...(transformer.sortable[shape.name] ?? [])]) {
        if (!fieldAttribute(target, column, shape.transformer))
          checks.problems.push(`${name}: "${column}" of the include "${shape.name}" is no attribute of ${target.name}`);
      }
    }
    if (shape.transformer) checkTransformer(shape.transformer, target, checks);
  }
}

/** The model an include's association leads to; a problem when its parent model (or, unknown, any model) has none of that name. */
function relationTarget(where: string, model: AnyModel | undefined, relation: string, checks: Checks): AnyModel | undefined {
  if (model) {
    const association = model.associations?.[relation];
    if (association) return association.target;
    checks.problems.push(
      `${where} names the association "${relation}", which ${model.name} does not have (it has: ${Object.keys(model.associations ?? {}).join(', ') || 'none'})`,
    );
    return undefined;
  }
  if (checks.models.length === 0) return undefined;
  const owners = checks.models.filter((candidate) => candidate.associations?.[relation]);
  if (owners.length === 0) checks.problems.push(`${where} names the association "${relation}", which no model has`);
  const targets = new Set(owners.map((owner) => owner.associations[relation].target));
  return targets.size === 1 ? [...targets][0] : undefined;
}
