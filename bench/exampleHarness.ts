import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Sequelize } from 'sequelize-typescript';
import { createExampleApp } from '../example/app';
import type { ExampleFramework } from '../example/config';
import { createDatabase, prepareDatabase } from '../example/database';

/** A freshly seeded example database in a temporary file, with every statement counted. */
export interface BenchDatabase {
  sequelize: Sequelize;
  statements: string[];
  close(): Promise<void>;
}

export async function benchDatabase(): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-bench-'));
  const statements: string[] = [];
  const sequelize = createDatabase({ storage: path.join(dir, 'books.sqlite'), logging: (sql) => statements.push(sql) });
  await prepareDatabase(sequelize);
  return {
    sequelize,
    statements,
    close: async () => {
      await sequelize.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The example app on a loopback port. */
export async function benchServer(framework: ExampleFramework = 'express'): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(createExampleApp(framework, { onError: () => undefined }).listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The statements one piece of work ran. */
export async function countStatements(db: BenchDatabase, work: () => Promise<unknown>): Promise<number> {
  const start = db.statements.length;
  await work();
  return db.statements.length - start;
}
