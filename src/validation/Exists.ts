import { registerDecorator, ValidationOptions } from 'class-validator';
import type { Model, ModelStatic } from 'sequelize';

/** The validator's name in class-validator's metadata: in json-api mode its failure on a relationship is a 404. */
export const EXISTS = 'exists';

/**
 * The value is the primary key of an existing row of `model` (checked in the database).
 * Non-integers pass here and are left to `@IsInt()`, so a client gets one message, not two; an
 * integer no row can have (`1e300`, `9007199254740993`: beyond the safe range) is refused here,
 * before the database's foreign key would answer 409. In json-api mode a relationship naming a
 * row that does not exist is a 404, as JSON:API 1.1 asks.
 *
 * @example
 * class CreateBookRequest {
 *   \@IsInt() \@Exists(() => Author) author_id!: number;
 * }
 */
export function Exists(model: () => ModelStatic<Model>, options: ValidationOptions = {}): PropertyDecorator {
  return (object, propertyName) =>
    registerDecorator({
      name: EXISTS,
      target: object.constructor,
      propertyName: String(propertyName),
      options: { message: `${String(propertyName)} must refer to an existing record`, ...options },
      validator: {
        async validate(value: unknown) {
          if (!Number.isInteger(value)) return true;
          if (!Number.isSafeInteger(value)) return false;
          return (await model().count({ where: { id: value as number } })) > 0;
        },
      },
    });
}
