import path from 'node:path';
import type { SerializerName } from '../src';
import { DEVELOPMENT_KEY } from './auth';

export type ExampleFramework = 'express' | 'koa';

/** The example's settings, from the environment (the library itself reads only its own config). */
export interface ExampleSettings {
  port: number;
  framework: ExampleFramework;
  /** The database: `DATABASE_URL` when set (postgres://, postgresql://, mysql://, mariadb://, sqlite:), else the SQLite file. */
  database: { url: string } | { storage: string };
  /** `DB_POOL_MAX`: connections each process may open to a database server. */
  poolMax: number;
  /** `DB_POOL_ACQUIRE_MS`: how long a request waits for a free connection before a 503 (default 3000). */
  poolAcquireMs: number;
  logging: boolean;
  /** `WEB_CONCURRENCY`: worker processes; 1 serves in the process itself. */
  workers: number;
  /** `API_SERIALIZER`: the envelope of every response. */
  serializer: SerializerName;
  /** `LOG_LEVEL`: pino's level of the request log on stdout (`info`, default; `silent` for none). */
  logLevel: string;
  /**
   * `JWT_SECRET`: the key bearer tokens are signed with (32 characters or more); unset, the public
   * development key, which NODE_ENV=production refuses.
   */
  jwtSecret: string;
}

const SERIALIZERS: readonly SerializerName[] = ['array', 'data-array', 'json-api'];

const DIALECTS = /^(postgres|postgresql|mysql|mariadb|sqlite):/i;

/** A few lock timeouts: a request queued behind statements that wait on a lock answers 503 soon after them. */
export const POOL_ACQUIRE_MS = 3000;

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${env[name]}"`);
  return value;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): ExampleSettings {
  const framework = (env.FRAMEWORK ?? 'express').toLowerCase();
  if (framework !== 'express' && framework !== 'koa') throw new Error(`FRAMEWORK must be express or koa, got "${env.FRAMEWORK}"`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const url = env.DATABASE_URL?.trim();
  if (url && !DIALECTS.test(url))
    throw new Error(`DATABASE_URL must start with postgres://, postgresql://, mysql://, mariadb:// or sqlite:, got "${url.split(':')[0]}:..."`);
  return {
    port,
    framework,
    database: url ? { url } : { storage: path.resolve(env.DB_STORAGE ?? path.join('example', 'books.sqlite')) },
    // One connection holds the migration lock while the migrations run on another.
    poolMax: positiveInteger(env, 'DB_POOL_MAX', 10, 2),
    poolAcquireMs: positiveInteger(env, 'DB_POOL_ACQUIRE_MS', POOL_ACQUIRE_MS),
    logging: env.DB_LOGGING === 'true',
    workers: positiveInteger(env, 'WEB_CONCURRENCY', 1),
    serializer: serializerOf(env.API_SERIALIZER),
    logLevel: logLevelOf(env.LOG_LEVEL),
    jwtSecret: jwtSecretOf(env),
  };
}

/** JWT_SECRET, else the development key, which no production server may sign with (anyone can read it). */
function jwtSecretOf(env: NodeJS.ProcessEnv): string {
  const secret = env.JWT_SECRET;
  if (secret === undefined || secret === '') {
    if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET must be set when NODE_ENV=production: the development key is public');
    return DEVELOPMENT_KEY;
  }
  if (secret.length < 32) throw new Error(`JWT_SECRET must be at least 32 characters, got ${secret.length}`);
  return secret;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevelOf(value: string | undefined): string {
  const level = (value ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
}

function serializerOf(value: string | undefined): SerializerName {
  const name = (value ?? 'array').toLowerCase();
  if (!(SERIALIZERS as readonly string[]).includes(name)) throw new Error(`API_SERIALIZER must be array, data-array or json-api, got "${value}"`);
  return name as SerializerName;
}

/** Where the data is, for a log line: never the password of a URL. */
export function describeDatabase(database: ExampleSettings['database']): string {
  if ('storage' in database) return database.storage;
  const url = new URL(database.url);
  return `${url.protocol}//${url.host}${url.pathname}`;
}
