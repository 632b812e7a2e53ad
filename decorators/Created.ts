import type { Model, ModelStatic } from 'sequelize';
import { METADATA } from '../src/metadata/actionMetadata';

/**
 * Documents that the action answers 201 with the record it created, as `json().created(model)`
 * sends it: the model's plain attributes (in json-api mode, with the action's `@Transformer`, its
 * resource document), with a `Location` header. For the OpenAPI document only; records metadata.
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
