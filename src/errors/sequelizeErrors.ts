/** The Sequelize error classes this library maps to a status, by the class names every copy shares. */
export type SequelizeErrorName =
  'UniqueConstraintError' | 'ForeignKeyConstraintError' | 'EmptyResultError' | 'ConnectionError' | 'TimeoutError' | 'ValidationError' | 'DatabaseError';

/**
 * True when `error` is an instance of the Sequelize error class `name` or of a subclass of it
 * (`ConnectionRefusedError` is a `ConnectionError`), whichever copy of sequelize threw it: the
 * prototype chain is compared by class name, not by identity. Only errors whose chain reaches
 * Sequelize's `BaseError` count.
 *
 * @example
 * isSequelizeError(error, 'EmptyResultError'); // findByPk(id, { rejectOnEmpty: true }) found nothing
 */
export function isSequelizeError(error: unknown, name: SequelizeErrorName): boolean {
  if (!(error instanceof Error)) return false;
  const names: string[] = [];
  for (let proto = Object.getPrototypeOf(error) as object | null; proto && proto !== Error.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    names.push((proto as { constructor?: { name?: string } }).constructor?.name ?? '');
  }
  return names.includes('BaseError') && names.includes(name);
}

/**
 * SQLSTATE codes of a database server that is busy rather than broken: a lock not granted in time
 * (55P03), a statement cancelled by its timeout (57014), a serialization failure or deadlock
 * (40001, 40P01), too many connections (53300), a server shutting down or starting (57P01, 57P03).
 * The request may well succeed a moment later.
 */
const BUSY_SQLSTATES = new Set(['55P03', '57014', '40001', '40P01', '53300', '57P01', '57P03']);

/**
 * Codes of a database that cannot take the request now, through no fault of the request: a full
 * disk (SQLITE_FULL, 53100), a database or directory that cannot be written (SQLITE_READONLY and its
 * variants such as a file deleted under the server, 25006), an I/O failure or a file that cannot be
 * opened (SQLITE_IOERR, SQLITE_CANTOPEN, 58030), out of memory (53200).
 */
const UNAVAILABLE_CODES = new Set(['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', '53100', '25006', '58030', '53200']);

/**
 * A connection that went away under a statement (the server restarted or was stopped, the network
 * dropped): the driver's own words, or a socket error code, or a transaction Sequelize ended because
 * of it (a statement of its work still coming is refused with "rollback has been called").
 */
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|Query read timeout|(rollback|commit) has been called on this transaction)/;
const LOST_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', '57P02']);

function connectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return CONNECTION_LOST.test(error.message) || (typeof code === 'string' && (LOST_CODES.has(code) || code.startsWith('08')));
}

/** True for a database error that means "busy or unavailable, try again later" (answered 503 with Retry-After). */
export function isDatabaseBusy(error: unknown): boolean {
  if (isSequelizeError(error, 'DatabaseError')) {
    const parent = (error as { parent?: unknown }).parent;
    return isBusyCode((parent as { code?: unknown } | undefined)?.code) || connectionLost(parent);
  }
  if (connectionLost(error)) return true;
  // The SQLite driver's own error: Sequelize lets a failed BEGIN through unwrapped (a locked one too,
  // which it would otherwise have made a TimeoutError).
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_') && (code === 'SQLITE_BUSY' || isBusyCode(code));
}

const isBusyCode = (code: unknown) => typeof code === 'string' && (BUSY_SQLSTATES.has(code) || UNAVAILABLE_CODES.has(code));
