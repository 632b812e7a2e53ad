import { isPlainObject } from '../config/deepMerge';
import { statusText } from '../errors/describeError';

const isEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isPlainObject(value) && Object.keys(value).length === 0);

/**
 * The body of `Api#createResponse()`: `{ status, code, message, data }`. The message is `data`
 * itself when it is a string, `data.message` when it has one (moved out of `data`), else the
 * status text; null and empty members are dropped.
 *
 * @example
 * createResponseBody({ message: 'Saved', id: 3 }, 201); // { status: 'success', code: 201, message: 'Saved', data: { id: 3 } }
 */
export function createResponseBody(data: unknown, status: number): Record<string, unknown> {
  let message: unknown;
  let payload = data;
  if (typeof data === 'string') {
    message = data;
    payload = undefined;
  } else if (isPlainObject(data) && 'message' in data) {
    const { message: own, ...rest } = data;
    message = own;
    payload = rest;
  }
  const body: Record<string, unknown> = {
    status: status < 400 ? 'success' : 'error',
    code: status,
    message: isEmpty(message) ? statusText(status) : message,
    data: payload,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => !isEmpty(value)));
}
