import { preloaded } from '../loader/inMemory';
import { RelatedRef } from '../loader/RelatedRef';
import { Lazy, MISSING, plainValue } from './fieldValues';
import { includeMethods } from './includeMethods';
import { TransformerDeclarations } from './TransformerDeclarations';
import { visibleFields } from './visibleFields';
import { AnyTransformer, CollectionResource, ItemResource, NullResource, TransformerLike } from './Resource';

export type { FieldSchema } from './TransformerDeclarations';

const NONE: readonly string[] = Object.freeze([]);
const AVAILABLE = Symbol('rca.availableIncludes');
const DEFAULTS = Symbol('rca.defaultIncludes');

/**
 * Maps one model to a plain object and declares the includes a client may ask for. One
 * `include<Name>(model, params)` method per available include (or `include<Name>Batch(models, params)`
 * for all parents at once); a listed include without its method throws when the list is assigned.
 *
 * @example
 * class BookTransformer extends Transformer<Book> {
 *   availableIncludes = ['author', 'comments'];
 *   transform(book: Book) {
 *     return this.buildPayload({ id: Number(book.id), title: book.title });
 *   }
 *   includeAuthor(book: Book) {
 *     return this.item(this.related(book, 'author'), new AuthorTransformer());
 *   }
 *   includeComments(book: Book) {
 *     return this.collection(this.related(book, 'comments'), new CommentTransformer());
 *   }
 * }
 */
export abstract class Transformer<TModel = unknown, TOut extends Record<string, unknown> = Record<string, unknown>>
  extends TransformerDeclarations
  implements TransformerLike
{
  /** Includes a client may request with `?include=`. */
  declare availableIncludes: readonly string[];
  /** Includes added to every response of this transformer, requested or not. */
  declare defaultIncludes: readonly string[];
  private [AVAILABLE]?: readonly string[];
  private [DEFAULTS]?: readonly string[];

  /** Maps one model to the fields of its response. */
  abstract transform(model: TModel): TOut;

  /** Applies `visible` and `hidden` to a payload. */
  buildPayload<T extends Record<string, unknown>>(payload: T): T {
    return visibleFields(payload, this.visible, this.hidden);
  }

  /**
   * An included item. `data` may be a model, `this.related(model, 'relation')`, or null. Its type
   * carries `transformer`'s and `resourceKey`'s, which a typed client reads.
   */
  item<M, R extends Record<string, unknown>, K extends string | undefined = undefined>(
    data: M | RelatedRef | null | undefined,
    transformer: (model: M) => R,
    resourceKey?: K,
  ): ItemResource<(model: M) => R, K>;
  item<M, T extends Transformer<M> | TransformerLike | undefined = undefined, K extends string | undefined = undefined>(
    data: M | RelatedRef | null | undefined,
    transformer?: T,
    resourceKey?: K,
  ): ItemResource<T, K>;
  item(data: unknown, transformer?: AnyTransformer, resourceKey?: string): ItemResource {
    return new ItemResource(data, transformer, resourceKey);
  }

  /** An included collection. `data` may be a list, `this.related(model, 'relation')`, or null; typed as {@link item} is. */
  collection<M, R extends Record<string, unknown>, K extends string | undefined = undefined>(
    data: Iterable<M> | RelatedRef | null | undefined,
    transformer: (model: M) => R,
    resourceKey?: K,
  ): CollectionResource<(model: M) => R, K>;
  collection<M, T extends Transformer<M> | TransformerLike | undefined = undefined, K extends string | undefined = undefined>(
    data: Iterable<M> | RelatedRef | null | undefined,
    transformer?: T,
    resourceKey?: K,
  ): CollectionResource<T, K>;
  collection(data: Iterable<unknown> | RelatedRef | null | undefined, transformer?: AnyTransformer, resourceKey?: string): CollectionResource {
    return new CollectionResource(data, transformer, resourceKey);
  }

  /**
   * A field sent only when `condition` holds (else `otherwise`, or nothing at all). A function
   * `value` is called only when the field is sent.
   *
   * @example
   * secret: this.when(user.isAdmin, () => book.internalNote),
   */
  when<T>(condition: unknown, value: T | Lazy<T>, otherwise: unknown = MISSING): T | Lazy<T> | typeof MISSING {
    return condition ? value : (otherwise as typeof MISSING);
  }

  /**
   * A relation of `model` sent only when it is loaded already (eager loading with Sequelize's
   * `include`), never loaded for it: models become their plain attributes, or what `map` makes of them.
   *
   * @example
   * tags: this.whenLoaded(book, 'tags', (tags: Tag[]) => tags.map((tag) => tag.name)),
   */
  whenLoaded<R>(model: object, relation: string, map?: (related: R) => unknown): Lazy<unknown> | typeof MISSING {
    const loaded = preloaded(model, relation);
    if (loaded === undefined) return MISSING;
    return map ? () => map(loaded as R) : () => plainValue(loaded);
  }

  /** An include that resolves to nothing. */
  null(): NullResource {
    return new NullResource();
  }

  /** A relation of `model` to load for all parents at once, with this include's limit, offset and sort. */
  related(model: object, association: string): RelatedRef {
    return new RelatedRef(model, association);
  }
}

// Accessors on the prototype, so that a subclass's `availableIncludes = [...]` field assignment is
// checked against its include methods at construction time, at no cost per instance. (Where class
// fields are defined rather than assigned, the check happens at first use instead.)
for (const [key, slot] of [
  ['availableIncludes', AVAILABLE],
  ['defaultIncludes', DEFAULTS],
] as const) {
  Object.defineProperty(Transformer.prototype, key, {
    configurable: true,
    enumerable: true,
    get(this: Transformer) {
      return this[slot] ?? NONE;
    },
    set(this: Transformer, names: readonly string[]) {
      for (const name of names) includeMethods(this, name);
      this[slot] = names;
    },
  });
}
