import type { ValidationError as ClassValidatorError } from 'class-validator';
import type { ValidationErrorItem } from 'sequelize';

/**
 * `{ field: [messages] }` from class-validator errors (nested fields as `parent.child`) or
 * Sequelize validation items; undefined when `errors` is neither.
 *
 * @example
 * validationMessages(await validate(body)); // { title: ['title must be longer than or equal to 2 characters'] }
 */
export function validationMessages(errors: unknown): Record<string, string[]> | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const messages: Record<string, string[]> = {};
  for (const error of errors) {
    if (isClassValidatorError(error)) collect(error, '', messages);
    else if (isSequelizeItem(error)) (messages[error.path ?? 'base'] ??= []).push(withoutModel(error));
    else return undefined;
  }
  return messages;
}

/** Sequelize names the model in its messages (`Book.authorId cannot be null`): a client knows fields, not models. */
function withoutModel(item: ValidationErrorItem): string {
  const model = (item.instance?.constructor as { name?: string } | undefined)?.name;
  const prefix = model && item.path ? `${model}.${item.path}` : undefined;
  return prefix && item.message.startsWith(prefix) ? item.path! + item.message.slice(prefix.length) : item.message;
}

function isClassValidatorError(value: unknown): value is ClassValidatorError {
  return typeof value === 'object' && value !== null && 'property' in value && ('constraints' in value || 'children' in value);
}

function isSequelizeItem(value: unknown): value is ValidationErrorItem {
  return typeof value === 'object' && value !== null && 'path' in value && 'message' in value && 'validatorKey' in value;
}

function collect(error: ClassValidatorError, prefix: string, messages: Record<string, string[]>): void {
  const path = prefix ? `${prefix}.${error.property}` : error.property;
  if (error.constraints) messages[path] = Object.values(error.constraints);
  for (const child of error.children ?? []) collect(child, path, messages);
}
