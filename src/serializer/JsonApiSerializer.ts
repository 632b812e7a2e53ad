import { JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import type { Converter } from '../response/convertBody';
import { DEFAULT_RESOURCE_TYPE, TransformedItem, TransformedResource } from '../transformer/Transformed';
import { MISSING } from '../transformer/fieldValues';
import { cutMeta, PageInfo, Serializer } from './Serializer';

interface Identifier {
  type: string;
  id: string;
}

type ResourceObject = Identifier & { attributes: Record<string, unknown>; relationships?: Record<string, unknown>; links?: { self: string } };

/** The transformers' self link, `link: { rel: 'self', href }`, which JSON:API puts in `links.self`. */
function selfLink(value: unknown): string | null {
  const link = value as { rel?: unknown; href?: unknown } | null;
  return link !== null && typeof link === 'object' && link.rel === 'self' && typeof link.href === 'string' ? link.href : null;
}

/**
 * JSON:API 1.1 documents: resource objects with `type`, `id`, `attributes` and `relationships`,
 * every included resource once in `included`, pagination links at the top level.
 */
export class JsonApiSerializer implements Serializer {
  readonly contentType = JSON_API_MEDIA_TYPE;

  document(resource: TransformedResource, meta: Record<string, unknown> | null, page: PageInfo | null, convert: Converter): Record<string, unknown> {
    // Shared by every app and request: what one document needs lives in a writer of its own.
    const writer = new ResourceWriter(convert);
    const rootType = resource.resourceKey ?? DEFAULT_RESOURCE_TYPE;
    let data: ResourceObject[] | ResourceObject | null = null;
    if (resource.kind === 'collection') {
      const { items } = resource;
      data = new Array<ResourceObject>(items.length);
      for (let i = 0; i < items.length; i++) data[i] = writer.resource(items[i], rootType, idOf(items[i]));
    } else if (resource.kind === 'item' && resource.item) data = writer.resource(resource.item, rootType, idOf(resource.item));
    const body: Record<string, unknown> = { jsonapi: { version: '1.1' }, data };
    // A resource that is also primary data is sent once, as primary data.
    const rest = writer.included.without(rootType, data === null ? [] : Array.isArray(data) ? data : [data]);
    if (rest.length > 0) body.included = rest;
    const allMeta = page ? { ...(meta ?? {}), [page.kind]: page.meta } : meta;
    if (allMeta && Object.keys(allMeta).length > 0) body.meta = convert.value(allMeta);
    if (page)
      body.links = {
        self: page.links.self,
        first: page.links.first,
        last: page.kind === 'pagination' ? page.links.last : null,
        prev: page.links.previous ?? null,
        next: page.links.next ?? null,
      };
    return body;
  }
}

/** Writes the resource objects of one document, with its converter, collecting what they include. */
class ResourceWriter {
  readonly included = new Included();

  constructor(private readonly convert: Converter) {}

  resource(item: TransformedItem, type: string, id: string): ResourceObject {
    const { fields, includes } = item;
    const self = selfLink(plain(fields.link));
    // `id` is the resource's own member, and so is a self link (in `links`); any other link is an attribute.
    const object: ResourceObject = { type, id, attributes: this.convert.fields(fields, self === null ? ONLY_ID : ID_AND_LINK) };
    if (self !== null) object.links = { self };
    for (let i = 0; i < includes.length; i++) {
      const [name, resource, linked] = includes[i];
      // Sparse fieldsets may leave a relationship out; what it includes is sent all the same.
      const data = this.link(name, resource);
      if (!linked) continue;
      const relationship: { data: unknown; meta?: unknown } = { data };
      if (resource.kind === 'collection' && resource.more) relationship.meta = this.convert.value(cutMeta(resource.more));
      (object.relationships ??= {})[this.convert.key(name)] = relationship;
    }
    // Aggregates of a relation are its relationship's meta: { count: 7, avg: { rating: 3.4 } }.
    for (const [name, values] of item.aggregates ?? []) {
      const relationship = ((object.relationships ??= {})[this.convert.key(name)] ??= {}) as { meta?: Record<string, unknown> };
      relationship.meta = { ...relationship.meta, ...(this.convert.value(values) as Record<string, unknown>) };
    }
    return object;
  }

  /** The relationship's identifiers; the related resources go to `included`, once each. */
  private link(name: string, resource: TransformedResource): Identifier | Identifier[] | null {
    if (resource.kind === 'null') return null;
    const type = resource.resourceKey ?? name;
    const ofType = this.included.ofType(type);
    if (resource.kind === 'item') return resource.item ? this.identify(resource.item, type, ofType) : null;
    const { items } = resource;
    const identifiers = new Array<Identifier>(items.length);
    for (let i = 0; i < items.length; i++) identifiers[i] = this.identify(items[i], type, ofType);
    return identifiers;
  }

  private identify(item: TransformedItem, type: string, ofType: Map<IdKey, ResourceObject>): Identifier {
    const id = idOf(item);
    const key = idKey(id);
    if (!ofType.has(key)) this.included.add(ofType, key, this.resource(item, type, id));
    return { type, id };
  }
}

/** The related resources of a document by type and id, in the order they were first met. */
class Included {
  private readonly byType = new Map<string, Map<IdKey, ResourceObject>>();
  private readonly order: ResourceObject[] = [];

  ofType(type: string): Map<IdKey, ResourceObject> {
    let found = this.byType.get(type);
    if (!found) this.byType.set(type, (found = new Map<IdKey, ResourceObject>()));
    return found;
  }

  add(ofType: Map<IdKey, ResourceObject>, key: IdKey, object: ResourceObject): void {
    ofType.set(key, object);
    this.order.push(object);
  }

  /** Every resource, less those of `type` among `primary`. */
  without(type: string, primary: ResourceObject[]): ResourceObject[] {
    const same = this.byType.get(type);
    if (!same || same.size === 0) return this.order;
    const ids = new Set(primary.map((object) => object.id));
    return this.order.filter((object) => object.type !== type || !ids.has(object.id));
  }
}

/** A resource's `id` member. */
function idOf(item: TransformedItem): string {
  return String(plain(item.fields.id));
}

/** What `included` knows a resource by: a number as itself (its text would be hashed anew each time). */
type IdKey = string | number;

/**
 * The key of a resource's `id` member: the number when the text is how that number is written (7 and
 * '7' both send `"7"`, and stay one resource), other text as it is (`'07'`, `'7.0'`).
 */
function idKey(id: string): IdKey {
  const number = Number(id);
  return String(number) === id ? number : id;
}

const ONLY_ID: ReadonlySet<string> = new Set(['id']);
const ID_AND_LINK: ReadonlySet<string> = new Set(['id', 'link']);

/** A field as sent: a lazy value computed, MISSING as nothing. */
function plain(value: unknown): unknown {
  const resolved = typeof value === 'function' ? (value as () => unknown)() : value;
  return resolved === MISSING ? undefined : resolved;
}
