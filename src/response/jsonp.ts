import { ApiError } from '../errors/ApiError';

/** Dotted JavaScript identifiers: `cb`, `app.handlers.books`, `$jsonp_1`. */
const CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Checks a JSONP callback name; anything but dotted identifiers of at most `maxLength`
 * characters is a 400 (answered as plain JSON).
 *
 * @example
 * assertCallback('app.onBooks', 128); // passes
 */
export function assertCallback(name: string, maxLength: number): void {
  if (name.length > maxLength || !CALLBACK.test(name)) {
    throw new ApiError('RCA_JSONP_CALLBACK_INVALID', { parameter: name.length > 40 ? `${name.slice(0, 40)}...` : name, max: maxLength });
  }
}

/**
 * The JSONP body: a guarded call that does nothing when the callback is not a function, with
 * U+2028 and U+2029 escaped since they end a line in JavaScript.
 */
export function wrapJsonp(callback: string, json: string): string {
  const safe = json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `/**/ typeof ${callback} === 'function' && ${callback}(${safe});`;
}
