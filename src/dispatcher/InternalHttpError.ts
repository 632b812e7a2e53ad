import { ApiError } from '../errors/ApiError';
import type { ErrorCode } from '../errors/registry';

/** What an internal or remote request answered. */
export interface ApiCallResponse<T = unknown> {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: T;
}

/** The headers of a relayed answer that belong to its error: when to retry, what is allowed. */
const RELAYED_HEADERS = ['retry-after', 'allow'];

function relayedHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) if (headers[name] !== undefined) kept[name] = headers[name];
  return kept;
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

  /**
   * `relay`: the answer is this app's own (an internal call), so an action that lets the error go
   * answers its client with that status and body, not with a message naming the route it called.
   */
  constructor(code: ErrorCode, response: ApiCallResponse, details: Record<string, unknown>, options: { cause?: unknown; relay?: boolean } = {}) {
    const { relay, ...rest } = options;
    const relayedBody = relay && response.status >= 400 && response.body !== null && typeof response.body === 'object' ? response.body : undefined;
    const responseHeaders = relayedBody === undefined ? undefined : relayedHeaders(response.headers);
    super(code, { ...details, status: response.status }, { ...rest, status: response.status, relayedBody, responseHeaders });
    this.headers = response.headers;
    this.body = response.body;
  }
}
