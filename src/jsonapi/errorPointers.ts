import type { ValidationError } from 'class-validator';
import type { RequestContext } from '../context/RequestContext';
import { EXISTS } from '../validation/Exists';
import { attributePointer } from './errorDocument';
import { documentResource } from './requestDocument';

/**
 * Where a failing body field sits in the request's JSON:API document: a field made from a
 * relationship (`author_id` from `author`) at `/data/relationships/author`, any other among the attributes.
 *
 * @example
 * fieldPointer(context)('author_id'); // '/data/relationships/author'
 */
export function fieldPointer(context: RequestContext): (field: string) => string {
  const relationships = new Map(documentResource(context)?.relationships.map((relationship) => [relationship.field, relationship.name]));
  return (field) => {
    const name = relationships.get(field);
    return name === undefined ? attributePointer(field) : `/data/relationships/${name}`;
  };
}

/**
 * True when a validation failure says only that relationships name rows that do not exist
 * (`@Exists` on their fields): JSON:API answers that with 404, not 422.
 */
export function onlyMissingRelated(context: RequestContext, error: unknown): boolean {
  const errors = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return false;
  const fields = new Set(documentResource(context)?.relationships.map((relationship) => relationship.field));
  return errors.every((item: ValidationError) => {
    const keys = Object.keys(item?.constraints ?? {});
    return fields.has(item?.property) && keys.length > 0 && keys.every((key) => key === EXISTS);
  });
}
