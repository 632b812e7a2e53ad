import { fieldKey } from '../text/fieldKey';
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
 * new HiddenFields((model) => rulesFor(context, model).hidden).apply({ id: 1, cost: 4 }, transformer, book); // { id: 1 }
 */
export class HiddenFields {
  private readonly verdicts: Verdicts = new Map();

  constructor(private readonly hiddenOf: (modelClass: unknown) => ReadonlySet<string>) {}

  /** `fields` as the principal may read them: the same object when nothing is hidden. */
  apply(fields: Record<string, unknown>, transformer: AnyTransformer, model: unknown): Record<string, unknown> {
    if (model === null || typeof model !== 'object') return fields;
    const modelClass = model.constructor;
    const hidden = this.hiddenOf(modelClass);
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

/** True when the field is named after a hidden attribute or declares one among its `columns`. */
function madeFromHidden(key: string, transformer: AnyTransformer, hidden: ReadonlySet<string>): boolean {
  const declared = (transformer as { columns?: Readonly<Record<string, readonly string[]>> | null } | undefined)?.columns?.[key];
  const hiddenKeys = new Set([...hidden].map(fieldKey));
  return [key, ...(declared ?? [])].some((name) => hiddenKeys.has(fieldKey(name)));
}
