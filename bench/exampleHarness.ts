import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Sequelize } from 'sequelize-typescript';
import { createExampleApp } from '../example/app';
import type { ExampleFramework } from '../example/config';
import { createDatabase, prepareDatabase } from '../example/database';

/** A freshly seeded example database, with every statement counted. */
export interface BenchDatabase {
  sequelize: Sequelize;
  statements: string[];
  /** The SQLite file or the database URL, for a server process of its own. */
  location: string;
  close(): Promise<void>;
}

/** A database the database benches run on. */
export type BenchTarget = { name: 'sqlite' } | { name: 'postgres'; url: string };

/**
 * Where the database benches run: SQLite always, PostgreSQL too when BENCH_DATABASE_URL names a
 * server; BENCH_TARGETS=postgres (a comma list of names) keeps only those, to time PostgreSQL alone.
 */
export function benchTargets(env: NodeJS.ProcessEnv = process.env): BenchTarget[] {
  const all: BenchTarget[] = env.BENCH_DATABASE_URL ? [{ name: 'sqlite' }, { name: 'postgres', url: env.BENCH_DATABASE_URL }] : [{ name: 'sqlite' }];
  if (!env.BENCH_TARGETS) return all;
  const named = env.BENCH_TARGETS.split(',').map((name) => name.trim());
  const kept = all.filter((target) => named.includes(target.name));
  if (kept.length !== named.length) {
    throw new Error(
      `bench: BENCH_TARGETS=${env.BENCH_TARGETS} names a database this run does not have (${all.map((t) => t.name).join(', ')}; PostgreSQL needs BENCH_DATABASE_URL)`,
    );
  }
  return kept;
}

export async function benchDatabase(target: BenchTarget = { name: 'sqlite' }): Promise<BenchDatabase> {
  const statements: string[] = [];
  const place = target.name === 'postgres' ? await postgresPlace(target.url) : sqlitePlace();
  const sequelize = createDatabase({ ...place.options, logging: (sql) => statements.push(sql) });
  await prepareDatabase(sequelize);
  return {
    sequelize,
    statements,
    location: place.location,
    close: async () => {
      await sequelize.close();
      await place.remove();
    },
  };
}

/** Where a bench database lives, and how to remove it afterwards. */
interface Place {
  location: string;
  options: { storage: string } | { url: string };
  remove(): Promise<void>;
}

function sqlitePlace(): Place {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-bench-'));
  const location = path.join(dir, 'books.sqlite');
  return { location, options: { storage: location }, remove: () => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })) };
}

/** A database of its own on the server (created and dropped here: the one named in the URL is left alone). */
async function postgresPlace(url: string): Promise<Place> {
  const name = `rca_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const location = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  return {
    location,
    options: { url: location },
    remove: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
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
