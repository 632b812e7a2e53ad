import { METADATA } from '../src/metadata/actionMetadata';

/**
 * Narrows the includes this action accepts to the given names (a subset of the transformer's
 * `availableIncludes`); any other requested include is a 400. Records metadata only.
 *
 * @example
 * \@Get('/')
 * \@Transformer(BookTransformer)
 * \@AvailableIncludes('author')
 * index() { return Book.findAll(); }
 */
export function AvailableIncludes(...names: string[]): MethodDecorator {
  const frozen = Object.freeze([...names]);
  return (target, propertyKey) => Reflect.defineMetadata(METADATA.includes, frozen, target, propertyKey);
}
