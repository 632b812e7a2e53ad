import { JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import type { Converter } from '../response/convertBody';
import { DEFAULT_RESOURCE_TYPE, TransformedItem, TransformedResource } from '../transformer/Transformed';
import { idOf, ResourceObject, ResourceWriter } from './jsonApiResources';
import { documentMeta, type DocumentParts, type PageInfo, type Serializer } from './Serializer';

/**
 * JSON:API 1.1 documents: resource objects with `type`, `id`, `attributes` and `relationships`,
 * every included resource once in `included`, pagination links at the top level.
 */
export class JsonApiSerializer implements Serializer {
  readonly contentType = JSON_API_MEDIA_TYPE;

  document(resource: TransformedResource, meta: Record<string, unknown> | null, page: PageInfo | null, convert: Converter): Record<string, unknown> {
    const document = new JsonApiDocument(convert, resource.resourceKey ?? DEFAULT_RESOURCE_TYPE);
    if (resource.kind === 'collection') {
      document.add(resource.items);
      return document.document(meta, page);
    }
    return document.item(resource.kind === 'item' ? resource.item : null, meta, page);
  }

  parts(convert: Converter, type: string): DocumentParts {
    return new JsonApiDocument(convert, type);
  }
}

/** One document: its primary data written as it comes (a collection a part at a time), then the rest around it. */
class JsonApiDocument implements DocumentParts {
  // The serializer is shared by every app and request: what one document needs lives here.
  private readonly writer: ResourceWriter;
  private readonly data: ResourceObject[] = [];

  constructor(
    private readonly convert: Converter,
    private readonly type: string,
  ) {
    this.writer = new ResourceWriter(convert);
  }

  add(items: TransformedItem[]): void {
    for (let i = 0; i < items.length; i++) this.data.push(this.writer.resource(items[i], this.type, idOf(items[i])));
  }

  document(meta: Record<string, unknown> | null, page: PageInfo | null): Record<string, unknown> {
    return this.body(this.data, meta, page);
  }

  /** The document of one item (or none): `data` is its resource object, or null. */
  item(item: TransformedItem | null, meta: Record<string, unknown> | null, page: PageInfo | null): Record<string, unknown> {
    return this.body(item ? this.writer.resource(item, this.type, idOf(item)) : null, meta, page);
  }

  private body(data: ResourceObject[] | ResourceObject | null, meta: Record<string, unknown> | null, page: PageInfo | null): Record<string, unknown> {
    const body: Record<string, unknown> = { jsonapi: { version: '1.1' }, data };
    // A resource that is also primary data is sent once, as primary data.
    const rest = this.writer.included.without(this.type, data === null ? [] : Array.isArray(data) ? data : [data]);
    if (rest.length > 0) body.included = rest;
    const sent = documentMeta(meta, page, this.convert);
    if (sent !== null) body.meta = sent;
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
