import { METADATA, TransformerMetadata, TransformerSource } from '../src/metadata/actionMetadata';

/**
 * Transforms what the action returns (a model, a list, a Sequelize `{ rows, count }` with
 * `@Paginated`) with the given transformer, honouring `?include=`. Records metadata only.
 *
 * @example
 * \@Get('/:id')
 * \@Transformer(BookTransformer, { resourceKey: 'books' })
 * show(@Param('id') id: number) { return Book.findByPk(id); }
 */
export function Transformer(transformer: TransformerSource, options: { resourceKey?: string } = {}): MethodDecorator {
  const metadata: TransformerMetadata = Object.freeze({ transformer, resourceKey: options.resourceKey });
  return (target, propertyKey) => Reflect.defineMetadata(METADATA.transformer, metadata, target, propertyKey);
}
