import type { Model } from 'sequelize';
import { isModel } from '../loader/isModel';
import type { AnyTransformer } from './Resource';
import type { TransformedItem } from './Transformed';

/** The items made so far at one level through one transformer class for one type (JSON:API's `shareDuplicates`). */
export class SharedItems {
  private readonly models = new Map<unknown, Map<unknown, TransformedItem>>();
  private readonly others = new Map<unknown, TransformedItem>();

  /** The item of a model met before (same class and primary key; anything else: the same object), else a new one. */
  itemOf(model: unknown, make: (model: unknown) => TransformedItem): TransformedItem {
    const key = isModel(model) ? primaryKey(model) : undefined;
    const known = key !== undefined && key !== null;
    const items = known ? this.ofClass((model as Model).constructor) : this.others;
    const identity = known ? key : model;
    let item = items.get(identity);
    if (!item) items.set(identity, (item = make(model)));
    return item;
  }

  private ofClass(modelClass: unknown): Map<unknown, TransformedItem> {
    let items = this.models.get(modelClass);
    if (!items) this.models.set(modelClass, (items = new Map<unknown, TransformedItem>()));
    return items;
  }
}

/** The shared items of one transformer class (or function) and type, at the level `shared` belongs to. */
export function sharedItems(shared: Map<unknown, Map<string, SharedItems>>, transformer: AnyTransformer, type: string): SharedItems {
  // Instances of one Transformer class share; a function or a plain object only with itself.
  const maker = transformer && typeof transformer === 'object' && transformer.constructor !== Object ? transformer.constructor : transformer;
  let byType = shared.get(maker);
  if (!byType) shared.set(maker, (byType = new Map<string, SharedItems>()));
  let items = byType.get(type);
  if (!items) byType.set(type, (items = new SharedItems()));
  return items;
}

/** A model's primary key value, read without a getter. */
function primaryKey(model: Model): unknown {
  const attribute = (model.constructor as { primaryKeyAttribute?: string }).primaryKeyAttribute;
  return attribute === undefined ? undefined : (model.dataValues as Record<string, unknown>)[attribute];
}
