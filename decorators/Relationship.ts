import type { Model, ModelStatic } from 'sequelize';
import { METADATA } from '../src/metadata/actionMetadata';

/**
 * The action (or, on a class, every action of the controller) serves the relationship `name` of
 * `model`, as a relationship endpoint does (`/books/:id/relationships/genres`). A caller whose policy
 * hides that association (`hiddenRelations`) is answered as if the route did not exist (404, before
 * the action runs, nothing written), and its OpenAPI document leaves the operations out. Records
 * metadata; the integration layer applies it.
 *
 * @example
 * \@Relationship(() => Book, 'genres')
 * \@JsonController('/v1/books/:id/relationships/genres')
 * export class BookGenresController { ... }
 */
export function Relationship(model: () => ModelStatic<Model>, name: string): ClassDecorator & MethodDecorator {
  return (target: object, propertyKey?: string | symbol) => {
    const relationship = Object.freeze({ model, name });
    if (propertyKey === undefined) Reflect.defineMetadata(METADATA.relationship, relationship, target);
    else Reflect.defineMetadata(METADATA.relationship, relationship, target, propertyKey);
  };
}
