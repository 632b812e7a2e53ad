/** One refused field: its name, the constraint it failed (class-validator's key) and the message. */
export interface FieldError {
  property: string;
  constraint: string;
  message: string;
}

/**
 * A request body refused field by field before any validator or action runs: answered as a failed
 * validation is (422, the messages by field; in json-api mode each at its pointer).
 *
 * @example
 * throw new FieldErrors([{ property: 'title', constraint: 'noNulCharacter', message: 'title must not contain the NUL character (\\u0000)' }]);
 */
export class FieldErrors extends Error {
  readonly httpCode = 422;
  /** One class-validator shaped entry a field, which the error rendering already reads. */
  readonly errors: Array<{ property: string; constraints: Record<string, string>; children: [] }>;

  constructor(fields: readonly FieldError[], message = fields.map((field) => field.message).join('; ')) {
    super(message);
    this.name = 'FieldErrors';
    this.errors = fields.map(({ property, constraint, message: text }) => ({ property, constraints: { [constraint]: text }, children: [] }));
  }
}
