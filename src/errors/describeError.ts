import { STATUS_CODES } from 'node:http';
import type { ForeignKeyConstraintError, UniqueConstraintError, ValidationError as SequelizeValidationError } from 'sequelize';
import { ApiError } from './ApiError';
import { isDatabaseBusy, isSequelizeError } from './sequelizeErrors';
import { validationMessages } from './validationMessages';

/** What any thrown value means for the client. `message` is safe to show; `cause` is for debug. */
export interface ErrorDescription {
  status: number;
  message: string | Record<string, unknown> | unknown[];
  cause: unknown;
  /** Headers the answer carries: `Allow` of a 405, `Retry-After` of a database that is busy or down. */
  headers: Record<string, string>;
}

/** Seconds a client is asked to wait before retrying against a busy or unreachable database. */
export const DATABASE_RETRY_AFTER = '1';

export const statusText = (status: number): string => STATUS_CODES[status] ?? 'Error';

/**
 * Maps anything thrown to a status and a message a client may see. 4xx messages are shown;
 * a 5xx shows only its status text unless `debug` is on; SQL never shows.
 *
 * @example
 * describeError(new NotFoundError('Book 7 was not found'), false); // { status: 404, message: 'Book 7 was not found', ... }
 */
export function describeError(error: unknown, debug: boolean): ErrorDescription {
  const { status, message, headers = {} } = classify(error);
  const shown = status < 500 || debug ? message : undefined;
  return { status, message: shown === undefined || shown === '' ? statusText(status) : shown, cause: error, headers };
}

function classify(error: unknown): { status: number; message?: ErrorDescription['message']; headers?: Record<string, string> } {
  if (error instanceof ApiError) return { status: error.status, message: error.message, headers: { ...error.responseHeaders } };
  // By class name, not identity: the app's sequelize may be another copy than the one this library sees.
  if (isSequelizeError(error, 'UniqueConstraintError')) return { status: 409, message: uniqueMessage(error as UniqueConstraintError) };
  if (isSequelizeError(error, 'ForeignKeyConstraintError')) return { status: 422, message: foreignKeyMessage(error as ForeignKeyConstraintError) };
  if (isSequelizeError(error, 'EmptyResultError')) return { status: 404, message: (error as Error).message || undefined };
  // Unreachable, locked (SQLITE_BUSY) or busy (a PostgreSQL lock or statement timeout): the request may succeed later.
  if (isSequelizeError(error, 'ConnectionError') || isSequelizeError(error, 'TimeoutError') || isDatabaseBusy(error)) {
    return { status: 503, message: (error as Error).message, headers: { 'retry-after': DATABASE_RETRY_AFTER } };
  }
  if (isSequelizeError(error, 'ValidationError')) return { status: 422, message: validationMessages((error as SequelizeValidationError).errors) };
  const wrapped = (error as { errors?: unknown } | null)?.errors;
  // routing-controllers wraps an exception thrown by a validator (its database query failing, say)
  // in a BadRequestError: the client did nothing wrong, so the inner error decides.
  if (wrapped instanceof Error) return classify(wrapped);
  const validation = validationMessages(wrapped);
  if (validation && Object.keys(validation).length > 0) return { status: 422, message: validation };
  if (isBodyParseError(error)) return new ApiError('RCA_BODY_MALFORMED');
  const status = httpStatusOf(error);
  if (status !== undefined) return { status, message: (error as Error).message || undefined };
  return { status: 500, message: error instanceof Error ? error.message : String(error) };
}

/** Express's body-parser and Koa's co-body report an unparsable JSON body differently. */
function isBodyParseError(error: unknown): boolean {
  const candidate = error as { type?: string; status?: number } | null;
  if (candidate?.type === 'entity.parse.failed') return true;
  return candidate?.status === 400 && error instanceof SyntaxError;
}

function httpStatusOf(error: unknown): number | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const candidate = error as { httpCode?: unknown; status?: unknown; statusCode?: unknown };
  for (const value of [candidate.httpCode, candidate.status, candidate.statusCode]) {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599) return value;
  }
  return undefined;
}

/** A row referring to one that does not exist: the fields the database names (PostgreSQL does; SQLite names none). */
function foreignKeyMessage(error: ForeignKeyConstraintError): Record<string, string[]> | string {
  const fields = Array.isArray(error.fields) ? (error.fields as string[]) : Object.keys(error.fields ?? {});
  if (fields.length === 0) return 'A related record this request refers to does not exist';
  return Object.fromEntries(fields.map((field) => [field, ['must refer to an existing record']]));
}

function uniqueMessage(error: UniqueConstraintError): Record<string, string[]> | string {
  // SQLite names the columns in a list, other dialects map column to value.
  const fields = Array.isArray(error.fields) ? (error.fields as string[]) : Object.keys(error.fields ?? {});
  if (fields.length === 0) return statusText(409);
  return Object.fromEntries(fields.map((field) => [field, ['has already been taken']]));
}
