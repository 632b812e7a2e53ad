import type { RelatedRef } from '../loader/RelatedRef';

export type { AnyTransformer, TransformerLike, TransformFn } from '../metadata/transformerLike';
import type { AnyTransformer } from '../metadata/transformerLike';

/** One model (or a relation to load) and how to transform it. */
export class ItemResource {
  readonly kind = 'item';
  constructor(
    readonly data: unknown,
    readonly transformer: AnyTransformer,
    readonly resourceKey?: string,
  ) {}
}

/** Several models (an array, a Set, a Sequelize result list, or a relation to load). */
export class CollectionResource {
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

export type Resource = ItemResource | CollectionResource | NullResource;

/** True for the three values an include method may return. */
export function isResource(value: unknown): value is Resource {
  return value instanceof ItemResource || value instanceof CollectionResource || value instanceof NullResource;
}
