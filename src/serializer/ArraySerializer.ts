import type { TransformedItem, TransformedResource } from '../transformer/Transformed';
import type { PageInfo, Serializer } from './Serializer';

/**
 * The default envelope: an item's fields at the top level, a collection under `data`, an included
 * item as an object, an included collection as `{ data: [...] }`, pagination under `meta`.
 * With `wrapItems`, items are wrapped in `data` too (the `data-array` serializer).
 */
export class ArraySerializer implements Serializer {
  readonly contentType = 'application/json';

  constructor(private readonly wrapItems = false) {}

  document(resource: TransformedResource, meta: Record<string, unknown> | null, page: PageInfo | null): Record<string, unknown> {
    const body = this.topLevel(resource);
    const allMeta = page ? { ...(meta ?? {}), pagination: page.meta } : meta;
    if (allMeta && Object.keys(allMeta).length > 0) body.meta = allMeta;
    return body;
  }

  private topLevel(resource: TransformedResource): Record<string, unknown> {
    if (resource.kind === 'collection') return { data: resource.items.map((item) => this.item(item)) };
    const item = resource.kind === 'item' && resource.item ? this.item(resource.item) : null;
    if (this.wrapItems) return { data: item };
    return item ?? {};
  }

  private item(item: TransformedItem): Record<string, unknown> {
    if (item.includes.length === 0) return item.fields;
    const out: Record<string, unknown> = { ...item.fields };
    for (const [name, resource] of item.includes) out[name] = this.included(resource);
    return out;
  }

  private included(resource: TransformedResource): unknown {
    if (resource.kind === 'collection') return { data: resource.items.map((item) => this.item(item)) };
    if (resource.kind === 'null' || !resource.item) return null;
    const item = this.item(resource.item);
    return this.wrapItems ? { data: item } : item;
  }
}
