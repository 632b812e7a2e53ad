/** The Sequelize error classes this library maps to a status, by the class names every copy shares. */
export type SequelizeErrorName =
  'UniqueConstraintError' | 'ForeignKeyConstraintError' | 'EmptyResultError' | 'ConnectionError' | 'TimeoutError' | 'ValidationError';

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
