import type { Model } from 'sequelize';

/**
 * True for a Sequelize model instance from any copy of sequelize: an app whose sequelize is another
 * install than the one this library resolves still has its models recognised. Duck-typed, since
 * `instanceof Model` is false across copies.
 *
 * @example
 * if (isModel(value)) return value.get({ plain: true });
 */
export function isModel(value: unknown): value is Model {
  if (value === null || typeof value !== 'object') return false;
  const candidate = value as { get?: unknown; dataValues?: unknown; constructor?: { getAttributes?: unknown } };
  return typeof candidate.get === 'function' && typeof candidate.dataValues === 'object' && typeof candidate.constructor?.getAttributes === 'function';
}
