import type { Converter } from '../response/convertBody';
import { MISSING } from '../transformer/fieldValues';
import type { TransformedItem, TransformedResource } from '../transformer/Transformed';
import { cutMeta } from './Serializer';

/** A resource identifier object: what a relationship's `data` holds. */
export interface Identifier {
  type: string;
  id: string;
}

/** A JSON:API resource object as sent. */
export type ResourceObject = Identifier & { attributes: Record<string, unknown>; relationships?: Record<string, unknown>; links?: { self: string } };

/** The transformers' self link, `link: { rel: 'self', href }`, which JSON:API puts in `links.self`. */
function selfLink(value: unknown): string | null {
  const link = value as { rel?: unknown; href?: unknown } | null;
  return link !== null && typeof link === 'object' && link.rel === 'self' && typeof link.href === 'string' ? link.href : null;
}

/**
 * Writes the resource objects of one JSON:API document, with its converter, collecting what they
 * include (each related resource once, in the order its object was made).
 *
 * @example
 * const writer = new ResourceWriter(converter('snake', 'iso8601'));
 * const book = writer.resource(item, 'books', idOf(item));
 * writer.included.without('books', [book]); // the related resources, the primary ones left out
 */
export class ResourceWriter {
  readonly included = new Included();

  constructor(private readonly convert: Converter) {}

  /** One resource object, made in one literal of its final shape (a member added later would cost V8 a second store). */
  resource(item: TransformedItem, type: string, id: string): ResourceObject {
    const { fields } = item;
    const self = selfLink(plain(fields.link));
    // `id` is the resource's own member, and so is a self link (in `links`); any other link is an attribute.
    const attributes = this.convert.fields(fields, self === null ? ONLY_ID : ID_AND_LINK);
    const relationships = this.relationships(item);
    if (self === null) return relationships ? { type, id, attributes, relationships } : { type, id, attributes };
    return relationships ? { type, id, attributes, links: { self }, relationships } : { type, id, attributes, links: { self } };
  }

  /** An item's relationships (its includes and their aggregates), or undefined when it has none. */
  private relationships(item: TransformedItem): Record<string, unknown> | undefined {
    const { includes, aggregates } = item;
    let relationships: Record<string, { data?: unknown; meta?: Record<string, unknown> }> | undefined;
    for (let i = 0; i < includes.length; i++) {
      const [name, resource, linked] = includes[i];
      // Sparse fieldsets may leave a relationship out; what it includes is sent all the same.
      const data = this.link(name, resource);
      if (!linked) continue;
      const cut = resource.kind === 'collection' && resource.more;
      (relationships ??= {})[this.convert.key(name)] = cut ? { data, meta: this.convert.value(cutMeta(cut)) as Record<string, unknown> } : { data };
    }
    // Aggregates of a relation are its relationship's meta: { count: 7, avg: { rating: 3.4 } }.
    for (const [name, values] of aggregates ?? []) {
      const relationship = ((relationships ??= {})[this.convert.key(name)] ??= {});
      relationship.meta = { ...relationship.meta, ...(this.convert.value(values) as Record<string, unknown>) };
    }
    return relationships;
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

  /**
   * The identifier of a related resource: made with its resource object the first time it is met,
   * and the same object every time after (the text is the same; the author of 10,000 books is one).
   */
  private identify(item: TransformedItem, type: string, ofType: Map<IdKey, Identifier>): Identifier {
    const raw = plain(item.fields.id);
    // A number is its own key, as idKey() would make it of its text, without the text.
    const key = typeof raw === 'number' ? raw : idKey(String(raw));
    let identifier = ofType.get(key);
    if (identifier === undefined) {
      const id = String(raw);
      ofType.set(key, (identifier = { type, id }));
      this.included.add(this.resource(item, type, id), identifier, item);
    } else if (item.includes.length > 0) {
      this.linkAgain(identifier, item);
    }
    return identifier;
  }

  /**
   * A resource met again where the request includes more of it (a book met first as its author's
   * book, `include=books.author.books`, then as a book whose author is asked): the relationships
   * this place adds join its one resource object, so that the document links every relation asked
   * wherever the resource is (JSON:API's full linkage).
   */
  private linkAgain(identifier: Identifier, item: TransformedItem): void {
    const made = this.included.madeFrom(identifier);
    if (!made || made.item === item) return;
    const added = this.relationships(item);
    if (!added) return;
    const relationships = (made.object.relationships ??= {}) as Record<string, { data?: unknown; meta?: Record<string, unknown> }>;
    for (const [name, relationship] of Object.entries(added) as Array<[string, { data?: unknown; meta?: Record<string, unknown> }]>) {
      const known = relationships[name];
      if (!known) relationships[name] = relationship;
      else relationships[name] = { ...relationship, ...known, meta: known.meta || relationship.meta ? { ...relationship.meta, ...known.meta } : undefined };
    }
  }
}

/** The related resources of a document by type and id, in the order their resource objects were made. */
class Included {
  private readonly byType = new Map<string, Map<IdKey, Identifier>>();
  private readonly order: ResourceObject[] = [];

  /** The identifiers met so far of one type, by key. */
  ofType(type: string): Map<IdKey, Identifier> {
    let found = this.byType.get(type);
    if (!found) this.byType.set(type, (found = new Map<IdKey, Identifier>()));
    return found;
  }

  /** What made each resource object: the object and the item it was written from. */
  private readonly made = new Map<Identifier, { object: ResourceObject; item: TransformedItem }>();

  add(object: ResourceObject, identifier: Identifier, item: TransformedItem): void {
    this.order.push(object);
    this.made.set(identifier, { object, item });
  }

  /** The resource object of an identifier met before, and the item it was written from. */
  madeFrom(identifier: Identifier): { object: ResourceObject; item: TransformedItem } | undefined {
    return this.made.get(identifier);
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
export function idOf(item: TransformedItem): string {
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
