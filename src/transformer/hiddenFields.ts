import type { Model, ModelStatic } from 'sequelize';
import { AccessView, madeFromHidden } from './AccessView';

type AnyModel = ModelStatic<Model>;
import type { AnyTransformer } from './Resource';

/** Per transformer class, per model class: whether each field is made from an attribute the principal may not read. */
type Verdicts = Map<unknown, Map<unknown, Map<string, boolean>>>;

/**
 * Takes out of a transformer's fields those made from an attribute the request's principal may not
 * read (its policy's `hidden`): a field named after the attribute, or one declaring it in the
 * transformer's `columns`. What a field is made from is decided once per transformer class, model
 * class and field name.
 *
 * @example
 * new HiddenFields(accessView(context)!).apply({ id: 1, cost: 4 }, transformer, book); // { id: 1 }
 */
export class HiddenFields {
  private readonly verdicts: Verdicts = new Map();

  constructor(private readonly access: AccessView) {}

  /** `fields` as the principal may read them: the same object when nothing is hidden. */
  apply(fields: Record<string, unknown>, transformer: AnyTransformer, model: unknown): Record<string, unknown> {
    if (model === null || typeof model !== 'object') return fields;
    const modelClass = model.constructor;
    const hidden = this.access.hidden(modelClass as AnyModel);
    if (hidden.size === 0) return fields;
    const verdicts = this.verdictsOf(transformer, modelClass);
    const dropped = (key: string) => {
      let drop = verdicts.get(key);
      if (drop === undefined) verdicts.set(key, (drop = madeFromHidden(key, transformer, hidden)));
      return drop;
    };
    const keys = Object.keys(fields);
    if (!keys.some(dropped)) return fields;
    const out: Record<string, unknown> = {};
    for (const key of keys) if (!dropped(key)) out[key] = fields[key];
    return out;
  }

  private verdictsOf(transformer: AnyTransformer, modelClass: unknown): Map<string, boolean> {
    const maker = transformer && typeof transformer === 'object' ? transformer.constructor : transformer;
    let byModel = this.verdicts.get(maker);
    if (!byModel) this.verdicts.set(maker, (byModel = new Map<unknown, Map<string, boolean>>()));
    let verdicts = byModel.get(modelClass);
    if (!verdicts) byModel.set(modelClass, (verdicts = new Map<string, boolean>()));
    return verdicts;
  }
}
