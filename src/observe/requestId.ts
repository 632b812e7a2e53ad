import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * What an id taken from a caller may look like: letters, digits and `. _ : -`, at most 128
 * characters. Anything else (spaces, quotes, a newline aimed at a log line) is replaced by an id
 * of our own.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * True for an id this library accepts from a caller.
 *
 * @example
 * isWellFormedRequestId('edge-7f3a.1'); // true
 * isWellFormedRequestId('has space');   // false
 */
export function isWellFormedRequestId(value: unknown): value is string {
  return typeof value === 'string' && WELL_FORMED.test(value);
}

/**
 * The id of a client's request: the caller's own (`header`, when `trusted` and well formed), else a
 * new random UUID.
 *
 * @example
 * requestIdOf({ 'x-request-id': 'abc-1' }, 'x-request-id', true); // 'abc-1'
 */
export function requestIdOf(headers: IncomingHttpHeaders, header: string, trusted: boolean): string {
  if (trusted) {
    const given = headers[header];
    if (isWellFormedRequestId(given)) return given;
  }
  return randomUUID();
}

/** The id of the `n`th internal call a request makes: its own id with a child suffix (`abc.2`). */
export function childRequestId(parent: string, n: number): string {
  return `${parent}.${n}`;
}
