import { ValidateIf } from 'class-validator';

/**
 * Validates a field only when the body has it: unlike `@IsOptional()`, a null is validated (and
 * refused by `@IsString()` and the like), for fields whose column is not nullable.
 */
export const IfPresent = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
