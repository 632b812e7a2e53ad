/**
 * A request body that writes fields its caller may not write: answered as a failed validation is
 * (422, the messages by field; in json-api mode each at its pointer), one message a field.
 *
 * @example
 * throw new NotWritableError(['cost']); // 422 { "cost": ["cost may not be written"] }
 */
export class NotWritableError extends Error {
  readonly httpCode = 422;
  /** One class-validator shaped entry a field, which the error rendering already reads. */
  readonly errors: Array<{ property: string; constraints: Record<string, string>; children: [] }>;

  constructor(readonly fields: readonly string[]) {
    super(`${fields.join(', ')} may not be written`);
    this.name = 'NotWritableError';
    this.errors = fields.map((field) => ({ property: field, constraints: { notWritable: `${field} may not be written` }, children: [] }));
  }
}
