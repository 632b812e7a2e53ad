import type { RelatedRef } from '../loader/RelatedRef';

export type { AnyTransformer, TransformerLike, TransformFn } from '../metadata/transformerLike';
import type { AnyTransformer } from '../metadata/transformerLike';

/**
 * One model (or a relation to load) and how to transform it. Its type names the transformer and the
 * resource type (`ItemResource<AuthorTransformer, 'authors'>`), so that a typed client knows what an
 * include sends. The two are named only, never held in a member's type: any item resource stays
 * assignable to any other, so a subclass may override an include method with another transformer.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named for the types that read them (ResourceOf)
export class ItemResource<T extends AnyTransformer = AnyTransformer, K extends string | undefined = string | undefined> {
  readonly kind = 'item';
  constructor(
    readonly data: unknown,
    readonly transformer: AnyTransformer,
    readonly resourceKey?: string,
  ) {}
}

/** Several models (an array, a Set, a Sequelize result list, or a relation to load); typed as {@link ItemResource} is. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named for the types that read them (ResourceOf)
export class CollectionResource<T extends AnyTransformer = AnyTransformer, K extends string | undefined = string | undefined> {
  readonly kind = 'collection';
  constructor(
    readonly data: Iterable<unknown> | RelatedRef | null | undefined,
    readonly transformer: AnyTransformer,
    readonly resourceKey?: string,
  ) {}
}

/** An include that resolves to nothing: `null` in the body. */
export class NullResource {
  readonly kind = 'null';
}

/** What an include method returns: an item, a collection, or nothing (`this.null()`). */
export type Resource = ItemResource | CollectionResource | NullResource;

/** True for the three values an include method may return. */
export function isResource(value: unknown): value is Resource {
  return value instanceof ItemResource || value instanceof CollectionResource || value instanceof NullResource;
}
