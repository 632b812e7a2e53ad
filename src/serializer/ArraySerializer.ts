import type { AggregateValues } from '../loader/aggregateInMemory';
import type { Converter } from '../response/convertBody';
import type { TransformedItem, TransformedResource } from '../transformer/Transformed';
import { cutMeta, PageInfo, Serializer } from './Serializer';

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
    const build: Build = { convert, data: convert.key('data') };
    const body = this.topLevel(resource, build);
    const allMeta = page ? { ...(meta ?? {}), [page.kind]: page.meta } : meta;
    if (allMeta && Object.keys(allMeta).length > 0) body[convert.key('meta')] = convert.value(allMeta);
    return body;
  }

  private topLevel(resource: TransformedResource, build: Build): Record<string, unknown> {
    if (resource.kind === 'collection') return this.collection(resource.items, build);
    const item = resource.kind === 'item' && resource.item ? this.item(resource.item, build) : null;
    return this.wrapItems ? this.wrap(item, build) : (item ?? {});
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
    if (aggregates)
      for (const [name, values] of aggregates)
        for (const [key, value] of aggregateFields(name, values)) out[build.convert.key(key)] = build.convert.value(value);
    return out;
  }

  private included(resource: TransformedResource, build: Build): unknown {
    if (resource.kind === 'collection') {
      const collection = this.collection(resource.items, build);
      // The include's limit left rows out: said, so that a client knows to ask for more.
      if (resource.more) collection[build.convert.key('meta')] = build.convert.value(cutMeta(resource.more));
      return collection;
    }
    if (resource.kind === 'null' || !resource.item) return null;
    const item = this.item(resource.item, build);
    return this.wrapItems ? this.wrap(item, build) : item;
  }
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
