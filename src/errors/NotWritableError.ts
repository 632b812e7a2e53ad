import { FieldErrors } from './FieldErrors';

/**
 * A request body that writes fields its caller may not write: answered as a failed validation is
 * (422, the messages by field; in json-api mode each at its pointer), one message a field. A field
 * in `unseen` (one the caller may not read either) gets the message of a property the body may not
 * have at all, word for word, so that a refusal does not tell a hidden attribute from a name that
 * does not exist.
 *
 * @example
 * throw new NotWritableError(['cost']); // 422 { "cost": ["cost may not be written"] }
 * throw new NotWritableError(['cost'], ['cost']); // 422 { "cost": ["property cost should not exist"] }
 */
export class NotWritableError extends FieldErrors {
  constructor(
    readonly fields: readonly string[],
    unseen: readonly string[] = [],
  ) {
    super(
      fields.map((field) =>
        // class-validator's own words for a property the request class does not declare.
        unseen.includes(field)
          ? { property: field, constraint: 'whitelistValidation', message: `property ${field} should not exist` }
          : { property: field, constraint: 'notWritable', message: `${field} may not be written` },
      ),
      `${fields.join(', ')} may not be written`,
    );
    this.name = 'NotWritableError';
  }
}
