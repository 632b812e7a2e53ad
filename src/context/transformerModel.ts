import type { Model, ModelStatic } from 'sequelize';
import type { AppState } from './RequestContext';

/**
 * The model a transformer's items are: the one it declares (`model = () => Book`), else the one
 * useApi() learnt for its class when the app started; undefined when neither is known.
 *
 * @example
 * transformerModel(context.app, new BookTransformer()); // Book
 */
export function transformerModel(app: Pick<AppState, 'transformerModels'>, transformer: unknown): ModelStatic<Model> | undefined {
  if (transformer === null || typeof transformer !== 'object') return undefined;
  return (transformer as { model?: (() => ModelStatic<Model>) | null }).model?.() ?? app.transformerModels?.get(transformer.constructor);
}
