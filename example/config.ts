import path from 'node:path';

export type ExampleFramework = 'express' | 'koa';

/** The example's settings, from the environment (the library itself reads only its own config). */
export interface ExampleSettings {
  port: number;
  framework: ExampleFramework;
  storage: string;
  logging: boolean;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): ExampleSettings {
  const framework = (env.FRAMEWORK ?? 'express').toLowerCase();
  if (framework !== 'express' && framework !== 'koa') throw new Error(`FRAMEWORK must be express or koa, got "${env.FRAMEWORK}"`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    framework,
    storage: path.resolve(env.DB_STORAGE ?? path.join('example', 'books.sqlite')),
    logging: env.DB_LOGGING === 'true',
  };
}
