import type { ApiConfig } from '../config/ApiConfig';
import { errorDocument, ErrorDocumentOptions, JSON_API_MEDIA_TYPE } from '../jsonapi/errorDocument';
import { messageBody } from './messageBody';
import type { ResponseBody } from './render';

/**
 * The body of an error answer in the configured format: a JSON:API error document in json-api
 * mode, else `errorFormat` filled in, with the debug block when there is one. `options` are the
 * JSON:API document's (code, pointers); the debug block goes in either format.
 *
 * @example
 * errorBody(config, 404, 'Not Found'); // { kind: 'payload', payload: { error: { code: 404, message: 'Not Found' } } }
 */
export function errorBody(config: ApiConfig, status: number, message: unknown, options: ErrorDocumentOptions = {}): Extract<ResponseBody, { kind: 'payload' }> {
  if (config.serializer === 'json-api') return { kind: 'payload', payload: errorDocument(status, message, options), contentType: JSON_API_MEDIA_TYPE };
  const body = messageBody(config.errorFormat, status, message);
  if (options.debug) body.debug = options.debug;
  return { kind: 'payload', payload: body };
}
