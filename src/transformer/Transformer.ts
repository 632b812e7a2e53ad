import type { FilterableMetadata } from '../metadata/filterTypes';
import type { TransformerSource } from '../metadata/actionMetadata';
import { preloaded } from '../loader/inMemory';
import { RelatedRef } from '../loader/RelatedRef';
import { Lazy, MISSING, plainValue } from './fieldValues';
import { includeMethods } from './includeMethods';
import { IncludeParamsReader } from './IncludeParamsReader';
import { visibleFields } from './visibleFields';
import { CollectionResource, ItemResource, NullResource, TransformerLike } from './Resource';

/** A JSON Schema (OpenAPI 3.1) of one field; `'x-optional': true` when the field may be left out. */
export type FieldSchema = Record<string, unknown> & { 'x-optional'?: boolean };

const NONE: readonly string[] = Object.freeze([]);
const NO_SORTABLE: Readonly<Record<string, readonly string[]>> = Object.freeze({});
const NO_LIMITS: Readonly<Record<string, number>> = Object.freeze({});
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
  extends IncludeParamsReader
  implements TransformerLike
{
  /** Includes a client may request with `?include=`. */
  declare availableIncludes: readonly string[];
  /** Includes added to every response of this transformer, requested or not. */
  declare defaultIncludes: readonly string[];
  // The defaults live on the prototype (set below the class): include methods often build one
  // transformer per parent, so an instance holds only what its subclass sets.
  /** When non-empty, only these fields are kept. */
  declare visible: readonly string[];
  /** These fields are never sent. */
  declare hidden: readonly string[];
  /** Sort keys allowed per include (`{ comments: ['created_at', 'id'] }`); default: the related model's columns. */
  declare sortable: Readonly<Record<string, readonly string[]>>;
  /**
   * How many items a collection include sends when the request does not say `limit(n)`
   * (`{ tags: 20 }`); default: `include.params.limit` (3). A request's own limit wins, within `include.maxLimit`.
   */
  declare limits: Readonly<Record<string, number>>;
  /**
   * Columns a client may aggregate per include with `sum()`, `avg()`, `min()` and `max()`
   * (`{ comments: ['rating'] }`); `count` and `exists` need no declaration. Default: none.
   */
  declare aggregates: Readonly<Record<string, readonly string[]>>;
  /**
   * What a client may filter an include's rows by with `comments:filter(rating|gte|4)`: per include,
   * the related model and its fields with their operators, as `@Filterable` takes them
   * (`{ comments: { model: () => Comment, fields: { rating: ['gte', 'lte'] } } }`; keep it a
   * constant: it is resolved once). Default: none.
   */
  declare includeFilters: Readonly<Record<string, FilterableMetadata>>;
  /**
   * The transformer of each include whose method cannot show it before it runs: a batch method
   * (`includeLatestCommentBatch`), an async one, or one that reads the model's data
   * (`{ latest_comment: CommentTransformer }`, a class or an instance). The names a request asks
   * below such an include (`latest_comment.author`, its sort, its excludes) are then checked before
   * the action like any other; undeclared, anything below it is refused (400). Default: none.
   */
  declare includeTransformers: Readonly<Record<string, TransformerSource>>;
  /**
   * The model attributes a field reads, for fields not named after one (`{ created: ['createdAt'], link: ['id'] }`).
   * Declared (even as `{}`), it lets a sparse fieldset (`fields[books]=title`) load only the columns
   * the asked fields need, plus the keys; a field computed from a column must then be lazy
   * (`created: () => book.createdAt.toISOString()`), as it is computed only when sent.
   * Null (the default): every column is loaded.
   */
  declare columns: Readonly<Record<string, readonly string[]>> | null;
  /**
   * The JSON Schema of each field as it is sent (`{ id: { type: 'integer' }, created: { type: 'string',
   * format: 'date-time' } }`), for the OpenAPI document. Every field is required unless its schema
   * says `'x-optional': true` (a `when()` field); the document allows no other field. Null: undocumented.
   */
  declare schema: Readonly<Record<string, FieldSchema>> | null;
  /**
   * True when `transform()` or an include method needs model instances: it calls an instance
   * method or an association getter (`book.getAuthor()`), or checks `instanceof`. The toolkit's
   * reads then build instances for this transformer's models; otherwise (the default) they hand it
   * rows (`ModelRow`: the attributes, `get()`, `toJSON()`), unless the model itself defines getters,
   * virtual attributes or methods, which is detected.
   */
  declare instances: boolean;

  private [AVAILABLE]?: readonly string[];
  private [DEFAULTS]?: readonly string[];

  /** Maps one model to the fields of its response. */
  abstract transform(model: TModel): TOut;

  /** Applies `visible` and `hidden` to a payload. */
  buildPayload<T extends Record<string, unknown>>(payload: T): T {
    return visibleFields(payload, this.visible, this.hidden);
  }

  /** An included item. `data` may be a model, `this.related(model, 'relation')`, or null. */
  item<M>(
    data: M | RelatedRef | null | undefined,
    transformer?: Transformer<M> | TransformerLike | ((model: M) => Record<string, unknown>),
    resourceKey?: string,
  ): ItemResource {
    return new ItemResource(data, transformer, resourceKey);
  }

  /** An included collection. `data` may be a list, `this.related(model, 'relation')`, or null. */
  collection<M>(
    data: Iterable<M> | RelatedRef | null | undefined,
    transformer?: Transformer<M> | TransformerLike | ((model: M) => Record<string, unknown>),
    resourceKey?: string,
  ): CollectionResource {
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

Object.assign(Transformer.prototype, {
  visible: NONE,
  hidden: NONE,
  sortable: NO_SORTABLE,
  limits: NO_LIMITS,
  aggregates: NO_SORTABLE,
  includeFilters: NO_SORTABLE,
  includeTransformers: NO_SORTABLE,
  columns: null,
  schema: null,
  instances: false,
});

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
