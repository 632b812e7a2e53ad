/**
 * A request body refused field by field before any validator or action runs: answered as a failed
 * validation is (422, the messages by field; in json-api mode each at its pointer).
 *
 * @example
 * throw new FieldErrors({ title: 'title must not contain the NUL character (\\u0000)' }, 'noNulCharacter');
 */
export class FieldErrors extends Error {
  readonly httpCode = 422;
  /** One class-validator shaped entry a field, which the error rendering already reads. */
  readonly errors: Array<{ property: string; constraints: Record<string, string>; children: [] }>;

  constructor(messages: Readonly<Record<string, string>>, constraint: string) {
    super(Object.values(messages).join('; '));
    this.name = 'FieldErrors';
    this.errors = Object.entries(messages).map(([property, message]) => ({ property, constraints: { [constraint]: message }, children: [] }));
  }
}
