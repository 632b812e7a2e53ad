import type { Model, ModelStatic } from 'sequelize';
import type { RulesSource } from '../context/rulesFor';
import { rulesFor } from '../context/rulesFor';
import { transformerModel } from '../context/transformerModel';
import type { SortRequest } from '../loader/sortKey';
import { snakeCase } from '../text/caseStyles';
import { fieldKey } from '../text/fieldKey';
import { includeShapes } from './includeShapes';
import type { Transformer } from './Transformer';
import { declaredColumns } from './TransformerDeclarations';
import type { Resource } from './Resource';
import { RelatedRef } from '../loader/RelatedRef';

type AnyModel = ModelStatic<Model>;

/**
 * What the request's principal may not use, as the name checks (before the action) and the include
 * walk ask it: per model, the attributes it may not read and the associations it may not use; per
 * transformer, its model. Built by the integration layer from the request's policies.
 *
 * @example
 * const access = accessView(context); // access.hidden(Book) -> Set { 'cost' }
 */
export interface AccessView {
  /** The model a transformer's items are (declared, or learnt when the app started); undefined when unknown. */
  modelOf(transformer: Transformer): AnyModel | undefined;
  /** The attributes of `model` the principal may not read. */
  hidden(model: AnyModel): ReadonlySet<string>;
  /** The associations of `model` the principal may not include, filter or count through. */
  hiddenRelations(model: AnyModel): ReadonlySet<string>;
  /** The attributes of `model` the principal may not write. */
  readOnly(model: AnyModel): ReadonlySet<string>;
}

/**
 * The access view of a request: undefined when its app has no policies (nothing is hidden).
 *
 * @example
 * checkRequestNames(transformer, query, { access: accessView(context) });
 */
export function accessView(context: RulesSource): AccessView | undefined {
  if (!context.app.policies) return undefined;
  return {
    modelOf: (transformer) => transformerModel(context.app, transformer),
    hidden: (model) => rulesFor(context, model).hidden,
    hiddenRelations: (model) => rulesFor(context, model).hiddenRelations,
    readOnly: (model) => rulesFor(context, model).readOnly,
  };
}

/**
 * The model an include of `transformer` loads: the target of the association its method names, else
 * the model of the transformer it includes with, else its `includeFilters` model.
 */
export function includeTarget(access: AccessView, transformer: Transformer, name: string): AnyModel | undefined {
  const shape = includeShapes(transformer).find((candidate) => candidate.name === name);
  const parent = access.modelOf(transformer);
  const target = shape?.relation ? parent?.associations?.[shape.relation]?.target : undefined;
  return target ?? (shape?.transformer && access.modelOf(shape.transformer)) ?? transformer.includeFilters[name]?.model();
}

/**
 * The model the relations of an include level lead to, from the first relation to load: the target
 * of its parent's association (undefined when nothing is to be loaded).
 */
export function relatedModel(resources: readonly Resource[]): AnyModel | undefined {
  for (const resource of resources) {
    if (resource.kind === 'null' || !(resource.data instanceof RelatedRef)) continue;
    const { parent, association } = resource.data;
    return (parent.constructor as AnyModel).associations?.[association]?.target;
  }
  return undefined;
}

/**
 * The first relation `resources` name (`this.related(model, '...')`) that the principal may not use
 * on its parent's model: what an include method that could not be learnt before it ran (one whose
 * branch depends on the model) names is checked as it runs.
 */
export function hiddenRelationIn(access: AccessView, resources: readonly Resource[]): string | undefined {
  for (const resource of resources) {
    if (resource.kind === 'null' || !(resource.data instanceof RelatedRef)) continue;
    const { parent, association } = resource.data;
    const model = parent.constructor as AnyModel;
    if (model.associations?.[association] && access.hiddenRelations(model).has(association)) return association;
  }
  return undefined;
}

/**
 * Sort keys without those on an attribute the principal may not read: taken out of an allowlist,
 * or denied when every column is allowed. Refused then as keys that were never allowed.
 */
export function withoutHiddenKeys(keys: Pick<SortRequest, 'allowed' | 'denied'>, hidden: ReadonlySet<string>): Pick<SortRequest, 'allowed' | 'denied'> {
  if (hidden.size === 0) return keys;
  const hiddenKeys = new Set([...hidden].map(fieldKey));
  if (keys.allowed) return { allowed: keys.allowed.filter((key) => !hiddenKeys.has(fieldKey(key))) };
  return { denied: [...(keys.denied ?? []), ...[...hidden].map(snakeCase)] };
}

/**
 * The includes of `transformer` the principal may not use: each whose method names an association
 * its policy hides. Empty without a view or a known model.
 *
 * @example
 * unusableIncludes(access, new BookTransformer()); // Set { 'comments' } for a policy hiding Book.comments
 */
export function unusableIncludes(access: AccessView | undefined, transformer: Transformer): ReadonlySet<string> {
  const model = access?.modelOf(transformer);
  if (!model) return NOTHING;
  const relations = access!.hiddenRelations(model);
  if (relations.size === 0) return NOTHING;
  return new Set(
    includeShapes(transformer)
      .filter((shape) => shape.relation !== undefined && relations.has(shape.relation))
      .map((shape) => shape.name),
  );
}

/**
 * True when a transformer's field is made from an attribute in `hidden`: named after one, or
 * declaring one in the transformer's `columns`.
 *
 * @example
 * madeFromHidden('cost', transformer, new Set(['cost'])); // true
 */
export function madeFromHidden(field: string, transformer: unknown, hidden: ReadonlySet<string>): boolean {
  if (hidden.size === 0) return false;
  const columns = (transformer as { columns?: Readonly<Record<string, readonly string[]>> | null } | undefined)?.columns;
  const entry: unknown = declaredColumns(columns, field);
  const declared = Array.isArray(entry) ? (entry as readonly string[]) : [];
  const hiddenKeys = new Set([...hidden].map(fieldKey));
  return [field, ...declared].some((name) => hiddenKeys.has(fieldKey(name)));
}

/**
 * The names a client may use of a transformer's fields (`fields`), less those made from an
 * attribute the principal may not read and the includes it may not use.
 */
export function usableFieldNames(access: AccessView | undefined, transformer: Transformer, fields: readonly string[]): readonly string[] {
  const model = access?.modelOf(transformer);
  if (!model) return fields;
  const hidden = access!.hidden(model);
  const includes = unusableIncludes(access, transformer);
  if (hidden.size === 0 && includes.size === 0) return fields;
  return fields.filter((field) => !includes.has(field) && !madeFromHidden(field, transformer, hidden));
}

const NOTHING: ReadonlySet<string> = new Set<string>();
