import { ApiError } from '../errors/ApiError';
import type { ErrorCode } from '../errors/registry';

/** What an internal or remote request answered. */
export interface ApiCallResponse<T = unknown> {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: T;
}

/**
 * An internal or remote request that answered 4xx/5xx, or (502/504) could not be completed.
 * The same for both: `status`, `headers` and the parsed `body` of the answer.
 *
 * @example
 * try { await api.get('/v1/books/999'); } catch (error) { if (error instanceof InternalHttpError) error.status; // 404 }
 */
export class InternalHttpError extends ApiError {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;

  constructor(code: ErrorCode, response: ApiCallResponse, details: Record<string, unknown>, options: { cause?: unknown } = {}) {
    super(code, { ...details, status: response.status }, { ...options, status: response.status });
    this.headers = response.headers;
    this.body = response.body;
  }
}
