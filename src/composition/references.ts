import { ApiError } from '../errors/ApiError';

/** `{{id.path}}`: a value of an earlier answer (`{{book.body.id}}`, `{{book.headers.location}}`, `{{book.status}}`). */
const REFERENCE = /\{\{\s*([A-Za-z0-9_-]{1,64})((?:\.[A-Za-z0-9_-]{1,64}){1,16})\s*\}\}/g;
const WHOLE = new RegExp(`^${REFERENCE.source}$`);

/** An earlier answer, as references read it. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The ids a string refers to. */
export function referencedIds(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) => match[1]);
}

/** The ids every string of a JSON value refers to, at any depth. */
export function referencesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') for (const id of referencedIds(value)) found.add(id);
  else if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) referencesIn(item, found);
  return found;
}

/** The value at `.a.b` of an answer; a missing step is a 400 naming the reference. */
function lookUp(answers: ReadonlyMap<string, Answer>, id: string, path: string, where: string): unknown {
  let value: unknown = answers.get(id);
  for (const step of path.slice(1).split('.')) {
    const container = value as Record<string, unknown> | null;
    if (container === null || typeof container !== 'object' || !Object.hasOwn(container, step)) {
      throw new ApiError('RCA_BATCH_INVALID', { pointer: where, reason: `{{${id}${path}}} names nothing in the answer of "${id}"` });
    }
    value = container[step];
  }
  return value;
}

/** A string with every reference written into it as text, through `encode` (a URL encodes each value). */
export function resolveText(text: string, answers: ReadonlyMap<string, Answer>, where: string, encode: (value: string) => string): string {
  return text.replace(REFERENCE, (_match, id: string, path: string) => {
    const found = lookUp(answers, id, path, where);
    return encode(typeof found === 'string' ? found : JSON.stringify(found));
  });
}

/**
 * A JSON value with its references replaced by what earlier answers hold. A string that is one
 * reference and nothing else takes the referred value with its type (`"{{book.body.id}}"` becomes
 * the number 101); a reference inside a longer string is written into it as text.
 *
 * @example
 * resolveReferences({ book_id: '{{book.body.id}}' }, answers, '/requests/1/body'); // { book_id: 101 }
 */
export function resolveReferences(value: unknown, answers: ReadonlyMap<string, Answer>, where: string): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookUp(answers, whole[1], whole[2], where);
    return resolveText(value, answers, where, (text) => text);
  }
  if (Array.isArray(value)) return value.map((item, i) => resolveReferences(item, answers, `${where}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveReferences(item, answers, `${where}/${key}`)]));
  }
  return value;
}
