/**
 * The JSONP body: a guarded call that does nothing when the callback is not a function, with
 * U+2028 and U+2029 escaped since they end a line in JavaScript.
 */
export function wrapJsonp(callback: string, json: string): string {
  const safe = json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `/**/ typeof ${callback} === 'function' && ${callback}(${safe});`;
}
