import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Sequelize } from 'sequelize-typescript';
import { createExampleApp } from '../../example/app';
import type { ApiConfigInput, ApiLogger } from '../../src';
import type { ExampleFramework } from '../../example/config';
import { createDatabase, prepareDatabase } from '../../example/database';
import { Book, models } from '../../example/models';
import { RunningApp, TestResponse } from '../fixture/app';
import { injectedFetch } from '../fixture/transport';

/** Every SQL statement the example database ran, in order. */
export const exampleSql: string[] = [];

let database: Promise<Sequelize> | undefined;

/** The database server the functional suite runs on (test/postgres/run.sh sets it); unset: SQLite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** `postgres` when the suite runs on PostgreSQL, else `sqlite`. */
export const testDialect = TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** An identifier as the dialect quotes it in SQL: `books` on SQLite, "books" on PostgreSQL. */
export const quoted = (name: string) => (testDialect === 'postgres' ? `"${name}"` : `\`${name}\``);

/**
 * One migrated and seeded database for the whole run: a SQLite file in a temporary directory, or,
 * with TEST_DATABASE_URL, the server's database emptied first.
 */
export function exampleDatabase(): Promise<Sequelize> {
  database ??= (async () => {
    const logging = (sql: string) => exampleSql.push(sql);
    let sequelize: Sequelize;
    if (TEST_DATABASE_URL) {
      sequelize = createDatabase({ url: TEST_DATABASE_URL, logging });
      await sequelize.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-example-'));
      sequelize = createDatabase({ storage: path.join(dir, 'books.sqlite'), logging });
    }
    await prepareDatabase(sequelize);
    return sequelize;
  })();
  return database;
}

/**
 * Gives the model classes back to the shared database when a test bound them to another
 * (createDatabase() binds them unless told not to) and did not, or could not (it outlived its
 * timeout), give them back; the suite's root afterEach calls it. Nothing when the shared database
 * was never opened.
 */
export async function restoreSharedModels(): Promise<void> {
  if (!database) return;
  const shared = await database;
  const bound = (() => {
    try {
      return Book.sequelize;
    } catch {
      return undefined;
    }
  })();
  if (bound !== shared) shared.addModels(models);
}

/** The example app on port 0. */
/** The frameworks the example is tested on: Express 5 (as `express5`) too, where a suite asks for it. */
export type TestFramework = ExampleFramework | 'express5';

export async function startExample(
  framework: TestFramework,
  api: ApiConfigInput = {},
  { logger, sequelize: own }: { logger?: ApiLogger; sequelize?: Sequelize } = {},
): Promise<RunningApp & { send(method: string, path: string, body?: unknown): Promise<TestResponse> }> {
  const sequelize = own ?? (await exampleDatabase());
  const errors: unknown[] = [];
  const example = createExampleApp(framework === 'express5' ? 'express' : framework, {
    api,
    sequelize,
    logger,
    onError: (error, status) => errors.push({ error, status }),
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    createExpress: framework === 'express5' ? () => require('express5')() : undefined,
  });
  const server = http.createServer(example.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = injectedFetch(example.listener, host);
  const send = (method: string, target: string, body?: unknown) =>
    get(target, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    framework: framework === 'express5' ? 'express' : framework,
    app: example.app,
    url: `http://${host}`,
    errors,
    send,
    get,
    post: (target, body) => send('POST', target, body),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs `suite` against the example on Express and on Koa. */
export function onBothFrameworks(
  title: string,
  suite: (app: () => Awaited<ReturnType<typeof startExample>>) => void,
  api: ApiConfigInput = {},
  frameworks: readonly TestFramework[] = ['express', 'koa'],
): void {
  for (const framework of frameworks) {
    describe(`${title} [${framework}]`, () => {
      let running: Awaited<ReturnType<typeof startExample>>;
      before(async () => {
        running = await startExample(framework, api);
      });
      after(() => running.close());
      suite(() => running);
    });
  }
}

/** The statements a piece of work ran against the example database. */
export async function exampleQueries(work: () => Promise<unknown>): Promise<string[]> {
  const start = exampleSql.length;
  await work();
  return exampleSql.slice(start);
}
