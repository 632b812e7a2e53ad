import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sequelize } from 'sequelize-typescript';
import { createExampleApp, ExampleAppOptions } from '../../example/app';
import type { ApiConfigInput, ApiLogger } from '../../src';
import type { ExampleFramework } from '../../example/config';
import { RunningApp, TestResponse } from '../fixture/app';
import { exampleDatabase } from '../fixture/database';
import { injectedFetch } from '../fixture/transport';

/** The example app on port 0. */
/** The frameworks the example is tested on: Express 5 (as `express5`) too, where a suite asks for it. */
export type TestFramework = ExampleFramework | 'express5';

export async function startExample(
  framework: TestFramework,
  api: ApiConfigInput = {},
  { logger, sequelize: own, principal, policies }: { logger?: ApiLogger; sequelize?: Sequelize } & Pick<ExampleAppOptions, 'principal' | 'policies'> = {},
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
    principal,
    policies,
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
