import type { Model, ModelStatic } from 'sequelize';
import { postgres } from './postgres';
import { sqlite } from './sqlite';
import type { SqlDialect } from './SqlDialect';
import { standard } from './standard';

/**
 * The SQL dialect of a model's database: PostgreSQL, SQLite, or the standard one (window functions)
 * for any other.
 *
 * @example
 * const statement = dialectOf(Comment).hasMany(pieces);
 */
export function dialectOf(model: ModelStatic<Model>): SqlDialect {
  const name = model.sequelize!.getDialect();
  return name === 'postgres' ? postgres : name === 'sqlite' ? sqlite : standard;
}
