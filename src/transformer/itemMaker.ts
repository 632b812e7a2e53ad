import type { FieldPolicies, FieldPolicy } from './fieldPolicy';
import { FieldNames, HiddenFields, withoutFields } from './hiddenFields';
import type { ByteCount } from './jsonSize';
import type { AnyTransformer } from './Resource';
import type { SharedItems } from './sharedItems';
import type { TransformedItem } from './Transformed';
import type { Transformer } from './Transformer';
import type { DocumentWriter } from './walkOptions';
import { Group, NO_INCLUDES, SentFields, transformOne } from './walkLevel';

/** The fields of an item until its transformer's are known. */
const NO_FIELDS: Record<string, unknown> = Object.freeze({});

/**
 * Makes the items of the include walk's levels, one model at a time: transformed from what the
 * principal may read, the hidden and unasked fields left out, and converted as sent when the walk
 * converts (counting their bytes as it does, under a byte bound). No closure is made per item: a
 * level makes thousands.
 *
 * @example
 * const items = new ItemMaker(policies, null, new ArraySerializer().writer(convert), true);
 * items.startLevel();
 * const item = items.itemOf(book, new BookTransformer(), undefined, null, null);
 * budget.spendBytes(items.bytes!);
 */
export class ItemMaker {
  /** True when a transformer of the level answered a promise: its fields are awaited before the includes. */
  pending = false;
  private readonly count: ByteCount | undefined;

  constructor(
    private readonly policies: FieldPolicies,
    private readonly hidden: HiddenFields | null,
    private readonly writer: DocumentWriter | undefined,
    countBytes: boolean,
  ) {
    this.count = countBytes ? { bytes: 0 } : undefined;
  }

  /** The estimated JSON size of the level's fields, counted as they were converted; undefined when not counted. */
  get bytes(): number | undefined {
    return this.count?.bytes;
  }

  /** A new level: nothing pending, nothing counted. */
  startLevel(): void {
    this.pending = false;
    if (this.count) this.count.bytes = 0;
  }

  /** The item of one model: made, or the one made before for the same row (`seen`: JSON:API's shared duplicates). */
  itemOf(model: unknown, transformer: AnyTransformer, group: Group | undefined, policy: FieldPolicy | null, seen: SharedItems | null): TransformedItem {
    if (!seen) return this.make(model, transformer, group, policy);
    return seen.itemOf(model, (first) => this.make(first, transformer, group, policy));
  }

  /**
   * The fields as sent of a model nothing will be attached to, written at once by the walk's writer
   * (which this needs): no item is made for them. A promise when the transformer answered one.
   */
  sentFields(model: unknown, transformer: AnyTransformer, policy: FieldPolicy | null): SentFields | Promise<SentFields> {
    const hidden = this.hidden;
    const raw = transformOne(transformer, hidden ? hidden.mask(model) : model);
    const omit = hidden ? hidden.omitted(transformer, model) : null;
    if (!(raw instanceof Promise)) return this.finish(null, raw, omit, transformer, policy);
    this.pending = true;
    return raw.then((fields) => this.finish(null, fields, omit, transformer, policy));
  }

  private make(model: unknown, transformer: AnyTransformer, group: Group | undefined, policy: FieldPolicy | null): TransformedItem {
    const item: TransformedItem = { fields: NO_FIELDS, includes: NO_INCLUDES, converted: undefined };
    const hidden = this.hidden;
    // A transformer never reads an attribute the principal may not read, whatever field it makes of it.
    const raw = transformOne(transformer, hidden ? hidden.mask(model) : model);
    const omit = hidden ? hidden.omitted(transformer, model) : null;
    if (raw instanceof Promise) {
      // An async transformer's fields are awaited in place before the includes are resolved.
      (item as { fields: unknown }).fields = this.finishLater(item, raw, omit, transformer, policy);
      this.pending = true;
    } else {
      (item as { fields: unknown }).fields = this.finish(item, raw, omit, transformer, policy);
    }
    if (group) group.entries.push({ model, transformer: transformer as Transformer, item, policy });
    return item;
  }

  private finishLater(
    item: TransformedItem,
    raw: Promise<Record<string, unknown>>,
    omit: FieldNames | null,
    transformer: AnyTransformer,
    policy: FieldPolicy | null,
  ): Promise<Record<string, unknown>> {
    return raw.then((fields) => this.finish(item, fields, omit, transformer, policy));
  }

  /**
   * An item's fields as sent: the hidden ones left out, the fieldset applied, and converted here when
   * the walk is asked to (`item`, when there is one, told whether they are a new object).
   */
  private finish(
    item: TransformedItem | null,
    raw: Record<string, unknown>,
    omit: FieldNames | null,
    transformer: AnyTransformer,
    policy: FieldPolicy | null,
  ): Record<string, unknown> {
    const writer = this.writer;
    // The conversion leaves hidden fields out in its own pass, unless a fieldset is checked against the names first.
    const omitting = writer !== undefined && policy === null;
    const fields = this.policies.finish(omitting ? raw : withoutFields(raw, omit), transformer, policy);
    if (!writer) return fields;
    const out = writer.fields(fields, omitting ? omit : null, this.count);
    if (item) item.converted = out === fields ? 'shared' : 'owned';
    return out;
  }
}
