import type { Model, ModelStatic } from 'sequelize';
import { AccessView, madeFromHidden } from './AccessView';
import { withoutAttributes } from '../model/withoutAttributes';
import type { AnyTransformer } from './Resource';

type AnyModel = ModelStatic<Model>;

/** Field names to leave out, asked one at a time (`Converter.fields` takes it as its `omit`). */
export interface FieldNames {
  has(name: string): boolean;
}

/**
 * Takes out of a transformer's fields those made from an attribute the request's principal may not
 * read (its policy's `hidden`): a field named after the attribute, or one declaring it in the
 * transformer's `columns`. What a field is made from is decided once per transformer class, model
 * class and field name; consecutive items of one class pair (most of a level) skip even the lookup.
 *
 * @example
 * const hidden = new HiddenFields(accessView(context)!);
 * withoutFields({ id: 1, cost: 4 }, hidden.omitted(transformer, book)); // { id: 1 }
 */
export class HiddenFields {
  private readonly omits = new Map<unknown, Map<unknown, FieldNames | null>>();
  private lastMaker: unknown = undefined;
  private lastModel: unknown = undefined;
  private last: FieldNames | null = null;
  private maskedModel: unknown = undefined;
  private maskedHidden: ReadonlySet<string> = new Set<string>();

  constructor(private readonly access: AccessView) {}

  /**
   * The model as its transformer may read it: the attributes the principal may not read answer
   * `undefined`, so that no field can be made of them, whatever it is named (the same model when
   * nothing of it is hidden, or when it was read without them).
   */
  mask<T>(model: T): T {
    if (model === null || typeof model !== 'object') return model;
    // The rows of a level are of one model: its hidden attributes are looked up once for them all.
    if (model.constructor !== this.maskedModel) {
      this.maskedModel = model.constructor;
      this.maskedHidden = this.access.hidden(model.constructor as AnyModel);
    }
    return withoutAttributes(model, this.maskedHidden);
  }

  /** The fields of `transformer` made from what the principal may not read of `model`; null when it may read all of it. */
  omitted(transformer: AnyTransformer, model: unknown): FieldNames | null {
    if (model === null || typeof model !== 'object') return null;
    const maker = transformer && typeof transformer === 'object' ? transformer.constructor : transformer;
    const modelClass = model.constructor;
    if (maker === this.lastMaker && modelClass === this.lastModel) return this.last;
    let byModel = this.omits.get(maker);
    if (!byModel) this.omits.set(maker, (byModel = new Map<unknown, FieldNames | null>()));
    let omit = byModel.get(modelClass);
    if (omit === undefined) byModel.set(modelClass, (omit = this.namesOf(transformer, modelClass as AnyModel)));
    this.lastMaker = maker;
    this.lastModel = modelClass;
    return (this.last = omit);
  }

  private namesOf(transformer: AnyTransformer, modelClass: AnyModel): FieldNames | null {
    const hidden = this.access.hidden(modelClass);
    if (hidden.size === 0) return null;
    const verdicts = new Map<string, boolean>();
    return {
      has: (key) => {
        let drop = verdicts.get(key);
        if (drop === undefined) verdicts.set(key, (drop = madeFromHidden(key, transformer, hidden)));
        return drop;
      },
    };
  }
}

/**
 * `fields` without the `omit` ones: the same object when it has none of them (or `omit` is null).
 *
 * @example
 * withoutFields({ id: 1, cost: 4 }, new Set(['cost'])); // { id: 1 }
 */
export function withoutFields(fields: Record<string, unknown>, omit: FieldNames | null): Record<string, unknown> {
  if (omit === null) return fields;
  let dropped = false;
  for (const key in fields) if (omit.has(key)) dropped = true;
  if (!dropped) return fields;
  const out: Record<string, unknown> = {};
  for (const key in fields) if (!omit.has(key)) out[key] = fields[key];
  return out;
}
