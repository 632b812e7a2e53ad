import type { Model, ModelStatic } from 'sequelize';
import { METADATA } from '../src/metadata/actionMetadata';

/**
 * The action answers 201 with the record it created (no `@HttpCode(201)` needed), as
 * `json().created(model)` sends it: through the action's `@Transformer` (in json-api mode its
 * resource document), or as the model's plain attributes without one, with a `Location` header.
 * The OpenAPI document describes it so. Records metadata; the global interceptor applies it.
 *
 * @example
 * \@Post('/')
 * \@Created(() => Book)
 * \@Transformer(BookTransformer, { resourceKey: 'books' })
 * async store(@Body() body: CreateBookRequest) { ... return json().created(book, new BookTransformer(), 'books'); }
 */
export function Created(model: () => ModelStatic<Model>): MethodDecorator {
  return (target, propertyKey) => Reflect.defineMetadata(METADATA.created, model, target, propertyKey);
}
