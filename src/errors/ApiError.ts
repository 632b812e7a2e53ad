import { ERROR_REGISTRY, ErrorCode, formatMessage } from './registry';

/**
 * An error of the registry: it carries a stable `code`, the `status` it answers with, the
 * `details` its message was built from, and optionally the `cause` that led to it.
 *
 * @example
 * throw new ApiError('RCA_PAGINATION_INVALID', { parameter: 'page', reason: 'must be a positive integer' });
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Readonly<Record<string, unknown>>;
  /** Headers the error response carries (`Allow` of a 405, `Retry-After` of a 503). */
  readonly responseHeaders: Readonly<Record<string, string>>;
  /**
   * An error body this app already rendered (a failed internal call's answer): when the error reaches
   * a client, it gets that body and the error's status as they are, not a message naming the route called.
   */
  readonly relayedBody?: unknown;

  constructor(
    code: ErrorCode,
    details: Record<string, unknown> = {},
    options: { cause?: unknown; status?: number; responseHeaders?: Record<string, string>; relayedBody?: unknown } = {},
  ) {
    const entry = ERROR_REGISTRY[code];
    super(formatMessage(entry.template, details), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    // The registry's status, unless the error reports another party's status (an upstream response).
    this.status = options.status ?? entry.status;
    this.details = Object.freeze({ ...details });
    this.responseHeaders = Object.freeze({ ...options.responseHeaders });
    if (options.relayedBody !== undefined) this.relayedBody = options.relayedBody;
  }

  /** routing-controllers and Koa read `httpCode`/`expose`; keep them truthful. */
  get httpCode(): number {
    return this.status;
  }

  get expose(): boolean {
    return this.status < 500;
  }
}

/**
 * Raised for any include string that cannot be honoured: unknown name, unknown modifier, bad
 * number, limit above `include.maxLimit`, bad direction, sort key not allowed, too deep, too many
 * paths, malformed syntax. Always a 400.
 *
 * @example
 * throw new UnexpectedIncludesParameterError('comments:limit(x)', 'limit must be a non-negative integer');
 */
export class UnexpectedIncludesParameterError extends ApiError {
  constructor(parameter: string, reason: string) {
    super('RCA_INCLUDE_INVALID', { parameter, reason });
  }
}

/**
 * A 400 for an `exclude` path the request gives (RCA_EXCLUDE_INVALID): named as the parameter the
 * client sent, not as `include`.
 *
 * @example
 * throw new UnexpectedExcludesParameterError('exclude=books.*', '"books" is not included, so nothing below it can be excluded');
 */
export class UnexpectedExcludesParameterError extends ApiError {
  constructor(parameter: string, reason: string) {
    super('RCA_EXCLUDE_INVALID', { parameter, reason });
  }
}
