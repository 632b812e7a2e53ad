/** Marks a body that says it is JSON and is not. */
export const INVALID_JSON = Symbol('rca.invalidJson');

/** A response body as the Api service hands it over: JSON parsed, text as text, nothing as null. */
export function parseBody(raw: Buffer | string, contentType: string | undefined): unknown {
  if (raw.length === 0) return null;
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  if (!/[/+]json\b/i.test(contentType ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

/** A header value as text: numbers as digits, anything odd as JSON rather than [object Object]. */
const headerText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);

/** Lower-cased header names, string values. */
export function normalizeHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : headerText(value);
  }
  return out;
}
