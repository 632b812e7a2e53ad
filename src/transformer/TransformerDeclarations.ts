import type { Model, ModelStatic } from 'sequelize';
import type { FilterableMetadata } from '../metadata/filterTypes';
import type { TransformerSource } from '../metadata/actionMetadata';
import { IncludeParamsReader } from './IncludeParamsReader';

/** A JSON Schema (OpenAPI 3.1) of one field; `'x-optional': true` when the field may be left out. */
export type FieldSchema = Record<string, unknown> & { 'x-optional'?: boolean };

const NONE: readonly string[] = Object.freeze([]);
const NO_SORTABLE: Readonly<Record<string, readonly string[]>> = Object.freeze({});
const NO_LIMITS: Readonly<Record<string, number>> = Object.freeze({});

/**
 * What a transformer declares besides its includes: the members a subclass sets as class fields
 * (`hidden = ['isbn']`, `columns = {...}`), each with its default. The base of every Transformer.
 *
 * @example
 * class BookTransformer extends Transformer<Book> { model = () => Book; hidden = ['isbn']; ... }
 */
export abstract class TransformerDeclarations extends IncludeParamsReader {
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
   * the asked fields need, plus the keys, and, with `schema` declared too, a request without a
   * fieldset load only the columns of the schema's fields; a field computed from a column must then
   * be lazy or cope with its absence (`created: book.createdAt?.toISOString()`), as it is computed
   * only when sent. Null (the default): every column is loaded.
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

  /**
   * The model this transformer's items are (`model = () => Book`). Needed only where it cannot be
   * learnt when the app starts (from an action's `@Filterable` or `@Created` model, or the association
   * an include method names) and policies are given: they need it to check names before the action.
   */
  declare model: (() => ModelStatic<Model>) | null;
}

/**
 * What `columns` declares for one field: only the field's own entry, so that a field named after an
 * `Object.prototype` member (`constructor`, `toString`) declares nothing. Undefined when it declares nothing.
 *
 * @example
 * declaredColumns({ created: ['createdAt'] }, 'created'); // ['createdAt']
 * declaredColumns({ created: ['createdAt'] }, 'constructor'); // undefined
 */
export function declaredColumns(columns: TransformerDeclarations['columns'] | undefined, field: string): readonly string[] | undefined {
  return columns && Object.hasOwn(columns, field) ? columns[field] : undefined;
}

Object.assign(TransformerDeclarations.prototype, {
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
  model: null,
});
