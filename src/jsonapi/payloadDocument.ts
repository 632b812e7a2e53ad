/** The top-level members that make an object a JSON:API document already. */
const DOCUMENT_MEMBERS = ['data', 'errors', 'meta'];

/**
 * A free-form payload as a JSON:API document, for json-api mode: one that is a document already
 * (it has `data`, `errors` or `meta` at the top) is sent as it is, any other becomes the `meta` of
 * a document without primary data (a value that is not an object, `meta.value`).
 *
 * @example
 * payloadDocument({ status: 'ok' }); // { meta: { status: 'ok' } }
 */
export function payloadDocument(payload: unknown): Record<string, unknown> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return { meta: { value: payload } };
  if (DOCUMENT_MEMBERS.some((member) => member in payload)) return payload as Record<string, unknown>;
  return { meta: payload };
}
