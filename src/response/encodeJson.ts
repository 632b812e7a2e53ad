import type { JsonEncodeOption } from '../config/ApiConfig';

/**
 * JSON text with `jsonEncodeOption` applied: pretty-printing, `\uXXXX` for non-ASCII, `\/` for `/`.
 *
 * @example
 * encodeJson({ a: 'é/' }, { pretty: false, escapeUnicode: true, escapeSlashes: true }); // '{"a":"\\u00e9\\/"}'
 */
export function encodeJson(value: unknown, options: JsonEncodeOption): string {
  let text = JSON.stringify(value, null, options.pretty ? 4 : undefined) ?? 'null';
  if (options.escapeSlashes) text = text.replace(/\//g, '\\/');
  if (options.escapeUnicode) text = text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return text;
}
