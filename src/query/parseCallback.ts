import { QuerySource, queryString } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';

/** Dotted JavaScript identifiers: `cb`, `app.handlers.books`, `$jsonp_1`. */
export const CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Words that cannot start an expression as a name (ES reserved words, strict-mode ones, literals):
 * `typeof delete === 'function'` does not parse. After a dot any of them is a fine property name.
 */
const RESERVED = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export extends false finally for function ' +
    'if implements import in instanceof interface let new null package private protected public return static super switch ' +
    'this throw true try typeof var void while with yield'
  ).split(' '),
);

/**
 * Checks a JSONP callback name; anything but dotted identifiers of at most `maxLength`
 * characters, or a name that starts with a reserved word, is a 400 (answered as plain JSON).
 *
 * @example
 * assertCallback('app.onBooks', 128); // passes
 */
export function assertCallback(name: string, maxLength: number): void {
  if (name.length > maxLength || !CALLBACK.test(name) || RESERVED.has(name.split('.', 1)[0])) {
    throw new ApiError('RCA_JSONP_CALLBACK_INVALID', { parameter: name.length > 40 ? `${name.slice(0, 40)}...` : name, max: maxLength });
  }
}

/** Request headers that carry a browser's credentials, besides the app's own principal headers. */
const CREDENTIALS = ['authorization', 'cookie'];

/**
 * The JSONP callback of the request: null when there is none (or the method is not GET/HEAD, or
 * JSONP is off), a 400 `ApiError` when the name is not acceptable or the request carries credentials
 * (a script answer is readable by any page that includes it, with whatever the browser attaches).
 */
export function jsonpCallback(context: QuerySource & { headers?: Record<string, string | string[] | undefined> }): string | null {
  if (context.method !== 'GET' && context.method !== 'HEAD') return null;
  const { enabled, param, maxLength } = context.app.config.jsonp;
  if (!enabled) return null;
  const callback = queryString(context, param);
  if (callback === undefined) return null;
  assertCallback(callback, maxLength);
  const names = [...new Set([...CREDENTIALS, ...(context.app.varyBy ?? []).map((name) => name.toLowerCase())])];
  const carried = names.filter((name) => context.headers?.[name] !== undefined);
  if (carried.length > 0) throw new ApiError('RCA_JSONP_CREDENTIALS', { headers: carried.join(', ') });
  return callback;
}
