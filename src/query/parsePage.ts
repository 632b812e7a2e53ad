import { QuerySource, queryString } from '../context/RequestContext';
import { ApiError } from '../errors/ApiError';
import type { PaginatedOptions } from '../metadata/actionMetadata';
import { pageParameters } from './pageParameters';

/** The longest cursor token read: a token this API writes is far shorter. */
const MAX_CURSOR_LENGTH = 1024;

/** True for text shaped like a token this API writes (base64url, bounded): checked before the action runs and before decoding. */
export function isCursorShaped(token: string): boolean {
  return token.length <= MAX_CURSOR_LENGTH && /^[A-Za-z0-9_-]+$/.test(token);
}

/** The page a request asks for, and the window to load for it. */
export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
  readonly limit: number;
  readonly offset: number;
  /** On a cursor-paginated route: the position token asked for, or null for the start. */
  readonly cursor?: string | null;
}

const MAX_PAGE = 1_000_000_000;

/** A 400 naming a page or cursor parameter and what is wrong with it. */
export function paginationInvalid(parameter: string, reason: string): ApiError {
  return new ApiError('RCA_PAGINATION_INVALID', { parameter, reason });
}

function positiveInteger(context: QuerySource, name: string, fallback: number, max: number): number {
  const raw = queryString(context, name);
  if (raw === undefined) return fallback;
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= max)) {
    const shown = raw.length > 20 ? `${raw.slice(0, 20)}...` : raw;
    throw paginationInvalid(`${name}=${shown}`, `must be an integer from 1 to ${max}`);
  }
  return value;
}

/** Reads and validates `page` and `per_page` (in json-api mode `page[number]` and `page[size]`) of a request (400 when invalid). */
export function readPageRequest(context: QuerySource, { perPage = 15, maxPerPage = 100, cursor = false }: PaginatedOptions = {}): PageRequest {
  const names = pageParameters(context.app.config);
  const size = positiveInteger(context, names.size, perPage, maxPerPage);
  if (cursor) {
    const token = queryString(context, names.cursor) || null;
    if (token !== null && !isCursorShaped(token)) {
      throw paginationInvalid(names.cursor, 'is not a cursor this API gave out');
    }
    return Object.freeze({ page: 1, perPage: size, limit: size, offset: 0, cursor: token });
  }
  const page = positiveInteger(context, names.page, 1, MAX_PAGE);
  return Object.freeze({ page, perPage: size, limit: size, offset: (page - 1) * size });
}
