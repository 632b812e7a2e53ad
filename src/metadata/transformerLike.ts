/** A function transformer: one model in, one plain object out. No includes. */
export type TransformFn<TModel = never> = (model: TModel) => Record<string, unknown>;

/** Anything that can transform a model: a Transformer instance or a function. Structural on purpose. */
export interface TransformerLike {
  transform(model: never): Record<string, unknown> | Promise<Record<string, unknown>>;
}

export type AnyTransformer = TransformerLike | TransformFn<never> | null | undefined;
