import { statusText } from '../errors/describeError';

/** The JSON:API media type, with no parameters (the spec allows only `ext` and `profile`). */
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** Where a body field sits among a JSON:API document's attributes: `author.name` is `/data/attributes/author/name`. */
export function attributePointer(field: string): string {
  return `/data/attributes/${field.split('.').join('/')}`;
}

/** One JSON:API error object. */
export interface JsonApiError {
  status: string;
  title: string;
  detail?: string;
  code?: string;
  source?: { pointer: string };
  meta?: Record<string, unknown>;
}

/**
 * A JSON:API error document for a status and the message the error registry gave: one error
 * object for a text, one per message for a validation map (`{ title: ['too short'] }`), each
 * pointing at its attribute (`/data/attributes/title`).
 *
 * @example
 * errorDocument(422, { title: ['title must be longer than 2 characters'] });
 * // { errors: [{ status: '422', title: 'Unprocessable Entity', detail: '...', source: { pointer: '/data/attributes/title' } }] }
 */
export interface ErrorDocumentOptions {
  code?: string;
  debug?: Record<string, unknown>;
  /** Where the error of a text message points (`/data/type`). */
  pointer?: string;
  /** Where a field of a validation map points; default `/data/attributes/<field>`. */
  fieldPointer?: (field: string) => string;
}

export function errorDocument(status: number, message: unknown, options: ErrorDocumentOptions = {}): { errors: JsonApiError[] } {
  const pointerOf = options.fieldPointer ?? attributePointer;
  const base = { status: String(status), title: statusText(status), ...(options.code ? { code: options.code } : {}) };
  const errors: JsonApiError[] = [];
  if (typeof message === 'string') {
    const source = options.pointer ? { source: { pointer: options.pointer } } : {};
    errors.push(message === base.title ? { ...base, ...source } : { ...base, detail: message, ...source });
  } else if (Array.isArray(message)) {
    for (const entry of message) errors.push({ ...base, detail: String(entry) });
  } else if (message !== null && typeof message === 'object') {
    for (const [field, messages] of Object.entries(message)) {
      for (const detail of Array.isArray(messages) ? messages : [messages]) {
        errors.push({ ...base, detail: String(detail), source: { pointer: pointerOf(field) } });
      }
    }
  }
  if (errors.length === 0) errors.push({ ...base });
  if (options.debug) errors[0].meta = { debug: options.debug };
  return { errors };
}
