import { JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import type { Converter } from '../response/convertBody';
import { DEFAULT_RESOURCE_TYPE, TransformedItem, TransformedResource } from '../transformer/Transformed';
import { MISSING } from '../transformer/fieldValues';
import type { PageInfo, Serializer } from './Serializer';

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
  private convert!: Converter;

  document(resource: TransformedResource, meta: Record<string, unknown> | null, page: PageInfo | null, convert: Converter): Record<string, unknown> {
    this.convert = convert;
    const included = new Map<string, ResourceObject>();
    const rootType = resource.resourceKey ?? DEFAULT_RESOURCE_TYPE;
    // The primary data's keys: a resource that is also included is sent once, as primary data.
    const primary = new Set<string>();
    const primaryObject = (item: TransformedItem): ResourceObject => {
      const object = this.resource(item, rootType, included);
      primary.add(`${rootType}:${object.id}`);
      return object;
    };
    let data: unknown = null;
    if (resource.kind === 'collection') data = resource.items.map(primaryObject);
    else if (resource.kind === 'item' && resource.item) data = primaryObject(resource.item);
    const body: Record<string, unknown> = { jsonapi: { version: '1.1' }, data };
    const rest: ResourceObject[] = [];
    for (const [k, object] of included) if (!primary.has(k)) rest.push(object);
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

  private resource(item: TransformedItem, type: string, included: Map<string, ResourceObject>): ResourceObject {
    const { fields } = item;
    const link = plain(fields.link);
    const self = selfLink(link);
    // `id` is the resource's own member, and so is a self link (in `links`); any other link is an attribute.
    const attributes = this.convert.fields(fields, self === null ? ONLY_ID : ID_AND_LINK);
    const object: ResourceObject = { type, id: String(plain(fields.id)), attributes };
    if (self !== null) object.links = { self };
    for (const [name, resource, linked] of item.includes) {
      // Sparse fieldsets may leave a relationship out; what it includes is sent all the same.
      const data = this.link(name, resource, included);
      if (linked) (object.relationships ??= {})[this.convert.key(name)] = { data };
    }
    return object;
  }

  /** The relationship's identifiers; the related resources go to `included`, once each. */
  private link(name: string, resource: TransformedResource, included: Map<string, ResourceObject>): Identifier | Identifier[] | null {
    const type = resource.resourceKey ?? name;
    const add = (item: TransformedItem): Identifier => {
      const id = String(plain(item.fields.id));
      const k = `${type}:${id}`;
      if (!included.has(k)) included.set(k, this.resource(item, type, included));
      return { type, id };
    };
    if (resource.kind === 'collection') return resource.items.map(add);
    if (resource.kind === 'item' && resource.item) return add(resource.item);
    return null;
  }
}

const ONLY_ID: ReadonlySet<string> = new Set(['id']);
const ID_AND_LINK: ReadonlySet<string> = new Set(['id', 'link']);

/** A field as sent: a lazy value computed, MISSING as nothing. */
function plain(value: unknown): unknown {
  const resolved = typeof value === 'function' ? (value as () => unknown)() : value;
  return resolved === MISSING ? undefined : resolved;
}
