import type { CollectionResource, ItemResource, NullResource } from '../transformer/Resource';
import type { Camel, KeyCaseName, WireKey } from './keyCase';
import type { Flat, Wire } from './wire';

/**
 * The fields a transformer's `transform()` makes (awaited), as it returns them: of a class, of an
 * instance, or of a transform function. Without a transformer, the model's attributes: unknown here.
 *
 * @example
 * type Book = FieldsOf<BookTransformer>; // { id: number; title: string; publishedAt: Date | null; ... }
 */
export type FieldsOf<T> = T extends abstract new (...args: never[]) => infer I
  ? FieldsOf<I>
  : T extends { transform(model: never): infer O }
    ? Awaited<O>
    : T extends (model: never) => infer O
      ? Awaited<O>
      : Record<string, unknown>;

/** What the include method of `name` returns, awaited (a batch method's: one of its list). */
export type IncludeMethodResult<T, N extends string> = T extends { [P in `include${Capitalize<Camel<N>>}`]: (...args: never[]) => infer R }
  ? Awaited<R>
  : T extends { [P in `include${Capitalize<Camel<N>>}Batch`]: (...args: never[]) => infer R }
    ? Awaited<R> extends readonly (infer E)[]
      ? E
      : never
    : never;

/** One related resource as an include method says it: its transformer, its type (`resourceKey`) and whether it is one or many; `null` for `this.null()`. */
export type RelatedOf<R, N extends string> =
  R extends ItemResource<infer T, infer K>
    ? { many: false; transformer: T; type: K extends string ? K : N }
    : R extends CollectionResource<infer T, infer K>
      ? { many: true; transformer: T; type: K extends string ? K : N }
      : R extends NullResource
        ? null
        : never;

/** The include `name` of transformer `T`: what its method returns, as {@link RelatedOf}. */
export type IncludeOf<T, N extends string> = RelatedOf<IncludeMethodResult<T extends abstract new (...args: never[]) => infer I ? I : T, N>, N>;

/** The include names a transformer declares `as const` (`availableIncludes = ['author'] as const`); never for a `string[]`. */
export type DeclaredIncludes<T> = (T extends abstract new (...args: never[]) => infer I ? I : T) extends { availableIncludes: readonly (infer N)[] }
  ? string extends N
    ? never
    : N & string
  : never;

/**
 * A transformer's output, named from the class alone: its fields as sent (keys converted by `C`),
 * and each include it declares `as const`, optional (sent when a request asks for it): an item or
 * null, or a collection (`{ data: [...] }`) of the included transformer's output.
 *
 * @example
 * type Book = TransformerOutput<BookTransformer, 'snake'>;
 * declare const book: Book;
 * book.published_at; // string | null
 * book.author?.name; // string | undefined
 */
export type TransformerOutput<T, C extends KeyCaseName = 'none'> = Flat<
  Wire<FieldsOf<T>, C> & {
    [N in DeclaredIncludes<T> as WireKey<N, C>]?: IncludedOutput<IncludeOf<T, N>, C>;
  }
>;

type IncludedOutput<R, C extends KeyCaseName> = R extends { many: true; transformer: infer T }
  ? { data: TransformerOutput<T, C>[] }
  : R extends { transformer: infer T }
    ? TransformerOutput<T, C> | null
    : null;
