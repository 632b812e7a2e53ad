/**
 * The logger useApi() writes to: pino's interface (`logger.info(object, message)`), which bunyan
 * and most structured loggers share. The library never writes to `console`.
 *
 * @example
 * useApi(app, { controllers, logger: pino() });
 */
export interface ApiLogger {
  info(record: object, message?: string): void;
  error(record: object, message?: string): void;
}

/** One line per request, as the logger receives it. */
export interface RequestLogRecord {
  request_id: string;
  /** The request whose internal call this was. */
  parent_id?: string;
  method: string;
  /** The route template (`/v1/books/:id`); the path when no route matched. */
  route: string;
  status: number;
  duration_ms: number;
  /** Internal calls deep: 0 for a client's request. */
  depth: number;
  statements: number;
  /** The OpenTelemetry trace the request's span belongs to, when tracing is on. */
  trace_id?: string;
}
