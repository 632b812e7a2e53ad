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
 * transformer's `columns`. What a field is made from is decided once per hidden set (kept across
 * requests, as resolved rules are), transformer `columns` and field name; consecutive items of one
 * class pair (most of a level) skip even the lookup.
 *
 * @example
 * const hidden = new HiddenFields(accessView(context)!);
 * withoutFields({ id: 1, cost: 4 }, hidden.omitted(transformer, book)); // { id: 1 }
 */
export class HiddenFields {
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
    return this.maskedHidden.size === 0 ? model : withoutAttributes(model, this.maskedHidden);
  }

  /** The fields of `transformer` made from what the principal may not read of `model`; null when it may read all of it. */
  omitted(transformer: AnyTransformer, model: unknown): FieldNames | null {
    if (model === null || typeof model !== 'object') return null;
    const maker = transformer && typeof transformer === 'object' ? transformer.constructor : transformer;
    const modelClass = model.constructor;
    if (maker === this.lastMaker && modelClass === this.lastModel) return this.last;
    this.lastMaker = maker;
    this.lastModel = modelClass;
    return (this.last = hiddenFieldNames(transformer, this.access.hidden(modelClass as AnyModel)));
  }
}

/** The verdicts of each hidden set, by transformer `columns`: kept while the set lives. */
const verdicts = new WeakMap<ReadonlySet<string>, WeakMap<object, FieldVerdicts>>();

/** The `columns` key of a transformer without any. */
const NO_COLUMNS = {};

function hiddenFieldNames(transformer: AnyTransformer, hidden: ReadonlySet<string>): FieldNames | null {
  if (hidden.size === 0) return null;
  const declared = (transformer as { columns?: unknown } | null)?.columns;
  const columns = declared !== null && typeof declared === 'object' ? declared : NO_COLUMNS;
  let byColumns = verdicts.get(hidden);
  if (!byColumns) verdicts.set(hidden, (byColumns = new WeakMap<object, FieldVerdicts>()));
  let found = byColumns.get(columns);
  if (!found) byColumns.set(columns, (found = new FieldVerdicts(columns, hidden)));
  return found;
}

/** Field names kept per transformer `columns`: past that (keys made from data), the rest are decided each time. */
const MAX_VERDICTS = 1024;

/** Whether each field of a transformer is made from a hidden attribute, decided once per name. */
class FieldVerdicts implements FieldNames {
  private readonly known = new Map<string, boolean>();
  // Only the transformer's `columns` decide, so no transformer (nor what it holds) is kept.
  private readonly source: { columns: object };

  constructor(
    columns: object,
    private readonly hidden: ReadonlySet<string>,
  ) {
    this.source = { columns };
  }

  has(key: string): boolean {
    let drop = this.known.get(key);
    if (drop !== undefined) return drop;
    drop = madeFromHidden(key, this.source, this.hidden);
    if (this.known.size < MAX_VERDICTS) this.known.set(key, drop);
    return drop;
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
