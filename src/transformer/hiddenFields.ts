import type { Model, ModelStatic } from 'sequelize';
import { AccessView, madeFromHidden } from './AccessView';
import { withoutAttributes } from '../model/withoutAttributes';
import type { AnyTransformer } from './Resource';

type AnyModel = ModelStatic<Model>;

/** Whether each field name is made from a hidden attribute; null when the model hides nothing. */
type Verdicts = Map<string, boolean> | null;

/**
 * Takes out of a transformer's fields those made from an attribute the request's principal may not
 * read (its policy's `hidden`): a field named after the attribute, or one declaring it in the
 * transformer's `columns`. What a field is made from is decided once per transformer class, model
 * class and field name; consecutive items of one class pair (most of a level) skip even the lookup.
 *
 * @example
 * new HiddenFields(accessView(context)!).apply({ id: 1, cost: 4 }, transformer, book); // { id: 1 }
 */
export class HiddenFields {
  private readonly verdicts = new Map<unknown, Map<unknown, Verdicts>>();
  private lastMaker: unknown = undefined;
  private lastModel: unknown = undefined;
  private last: Verdicts = null;

  constructor(private readonly access: AccessView) {}

  /**
   * The model as its transformer may read it: the attributes the principal may not read answer
   * `undefined`, so that no field can be made of them, whatever it is named (the same model when
   * nothing of it is hidden).
   */
  mask<T>(model: T): T {
    if (model === null || typeof model !== 'object') return model;
    const hidden = this.access.hidden(model.constructor as AnyModel);
    return hidden.size === 0 ? model : withoutAttributes(model, hidden);
  }

  /** `fields` as the principal may read them: the same object when nothing is hidden. */
  apply(fields: Record<string, unknown>, transformer: AnyTransformer, model: unknown): Record<string, unknown> {
    if (model === null || typeof model !== 'object') return fields;
    const verdicts = this.verdictsOf(transformer, model.constructor);
    if (verdicts === null) return fields;
    let dropped = false;
    for (const key in fields) if (this.drops(verdicts, key, transformer, model.constructor)) dropped = true;
    if (!dropped) return fields;
    const out: Record<string, unknown> = {};
    for (const key in fields) if (!verdicts.get(key)) out[key] = fields[key];
    return out;
  }

  private drops(verdicts: Map<string, boolean>, key: string, transformer: AnyTransformer, modelClass: unknown): boolean {
    let drop = verdicts.get(key);
    if (drop === undefined) verdicts.set(key, (drop = madeFromHidden(key, transformer, this.access.hidden(modelClass as AnyModel))));
    return drop;
  }

  private verdictsOf(transformer: AnyTransformer, modelClass: unknown): Verdicts {
    const maker = transformer && typeof transformer === 'object' ? transformer.constructor : transformer;
    if (maker === this.lastMaker && modelClass === this.lastModel) return this.last;
    let byModel = this.verdicts.get(maker);
    if (!byModel) this.verdicts.set(maker, (byModel = new Map<unknown, Verdicts>()));
    let verdicts = byModel.get(modelClass);
    if (verdicts === undefined) {
      verdicts = this.access.hidden(modelClass as AnyModel).size === 0 ? null : new Map<string, boolean>();
      byModel.set(modelClass, verdicts);
    }
    this.lastMaker = maker;
    this.lastModel = modelClass;
    return (this.last = verdicts);
  }
}
