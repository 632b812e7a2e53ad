import type { AggregateValues } from '../loader/aggregateInMemory';
import type { Converter } from '../response/convertBody';
import type { CutCollection, TransformedItem, TransformedResource } from '../transformer/Transformed';
import type { DocumentWriter } from '../transformer/walkOptions';
import { cutMeta, DocumentParts, documentMeta, PageInfo, Serializer } from './Serializer';

/** One document being built: the converter, and the envelope's `data` key converted once. */
interface Build {
  convert: Converter;
  data: string;
}

/**
 * The default envelope: an item's fields at the top level, a collection under `data`, an included
 * item as an object, an included collection as `{ data: [...] }`, pagination under `meta`.
 * With `wrapItems`, items are wrapped in `data` too (the `data-array` serializer).
 */
export class ArraySerializer implements Serializer {
  readonly contentType = 'application/json; charset=utf-8';

  constructor(private readonly wrapItems = false) {}

  document(resource: TransformedResource, meta: Record<string, unknown> | null, page: PageInfo | null, convert: Converter): Record<string, unknown> {
    if (resource.kind === 'collection') {
      const parts = this.parts(convert);
      parts.add(resource.items);
      return parts.document(meta, page);
    }
    const build: Build = { convert, data: convert.key('data') };
    const item = resource.kind === 'item' && resource.item ? this.item(resource.item, build) : null;
    return withMeta(this.wrapItems ? this.wrap(item, build) : (item ?? {}), meta, page, convert);
  }

  parts(convert: Converter): DocumentParts {
    const build: Build = { convert, data: convert.key('data') };
    const data: unknown[] = [];
    return {
      add: (items) => {
        for (let i = 0; i < items.length; i++) data.push(this.item(items[i], build));
      },
      document: (meta, page) => withMeta(this.wrap(data, build), meta, page, convert),
    };
  }

  private wrap(value: unknown, build: Build): Record<string, unknown> {
    const wrapper: Record<string, unknown> = {};
    wrapper[build.data] = value;
    return wrapper;
  }

  private collection(items: TransformedItem[], build: Build): Record<string, unknown> {
    const data = new Array(items.length);
    for (let i = 0; i < items.length; i++) data[i] = this.item(items[i], build);
    return this.wrap(data, build);
  }

  /**
   * Writes this envelope's includes during the include walk (its `writer` option): the walk sets
   * each included item or collection into its parent's converted fields, as `document()` would.
   *
   * @example
   * const convert = converter('snake', 'iso8601');
   * const array = new ArraySerializer();
   * const walk = new IncludeWalk({ loader: sqlRelationLoader, tree, defaults, writer: array.writer(convert) });
   * const body = array.document(await walk.run(resource), null, null, convert);
   */
  writer(convert: Converter): DocumentWriter {
    const build: Build = { convert, data: convert.key('data') };
    return {
      fields: (fields, omit, size) => convert.fields(fields, omit, size),
      key: (name) => convert.key(name),
      item: (item) => this.includedItem(item, build),
      collection: (items, more) => this.includedCollection(items, more, build),
      sentItem: (fields) => (fields && this.wrapItems ? this.wrap(fields, build) : fields),
      sentCollection: (fields, more) => this.cut(this.wrap(fields, build), more, build),
      aggregates: (fields, name, values) => writeAggregates(fields, name, values, build.convert),
    };
  }

  /** The item's converted fields (a new object, unless the walk converted them already) with its includes added. */
  private item(item: TransformedItem, build: Build): Record<string, unknown> {
    let out = item.converted ? item.fields : build.convert.fields(item.fields);
    const { includes, aggregates } = item;
    if (includes.length === 0 && !aggregates) return out;
    if (out === item.fields && item.converted !== 'owned') out = { ...out };
    for (let i = 0; i < includes.length; i++) {
      const [name, resource, linked] = includes[i];
      if (linked) out[build.convert.key(name)] = this.included(resource, build);
    }
    if (aggregates) for (const [name, values] of aggregates) writeAggregates(out, name, values, build.convert);
    return out;
  }

  private included(resource: TransformedResource, build: Build): unknown {
    if (resource.kind === 'collection') return this.includedCollection(resource.items, resource.more, build);
    return this.includedItem(resource.kind === 'item' ? resource.item : null, build);
  }

  private includedCollection(items: TransformedItem[], more: CutCollection | undefined, build: Build): Record<string, unknown> {
    return this.cut(this.collection(items, build), more, build);
  }

  /** The include's limit left rows out: said, so that a client knows to ask for more. */
  private cut(collection: Record<string, unknown>, more: CutCollection | undefined, build: Build): Record<string, unknown> {
    if (more) collection[build.convert.key('meta')] = build.convert.value(cutMeta(more));
    return collection;
  }

  private includedItem(item: TransformedItem | null, build: Build): unknown {
    if (!item) return null;
    const out = this.item(item, build);
    return this.wrapItems ? this.wrap(out, build) : out;
  }
}

/** The body with its meta, and the page's, under `meta` (converted). */
function withMeta(body: Record<string, unknown>, meta: Record<string, unknown> | null, page: PageInfo | null, convert: Converter): Record<string, unknown> {
  const sent = documentMeta(meta, page, convert);
  if (sent !== null) body[convert.key('meta')] = sent;
  return body;
}

/** Sets an include's aggregates into an item's fields, keys and values converted. */
function writeAggregates(out: Record<string, unknown>, name: string, values: AggregateValues, convert: Converter): void {
  for (const [key, value] of aggregateFields(name, values)) out[convert.key(key)] = convert.value(value);
}

/**
 * The fields an include's aggregates are sent as beside the item's own: `comments_count`,
 * `comments_exists`, `comments_avg_rating` (then converted as every key is).
 */
export function aggregateFields(name: string, values: AggregateValues): Array<[string, unknown]> {
  const fields: Array<[string, unknown]> = [];
  if (values.count !== undefined) fields.push([`${name}_count`, values.count]);
  if (values.exists !== undefined) fields.push([`${name}_exists`, values.exists]);
  for (const fn of ['sum', 'avg', 'min', 'max'] as const) {
    for (const [column, value] of Object.entries(values[fn] ?? {})) fields.push([`${name}_${fn}_${column}`, value]);
  }
  return fields;
}
