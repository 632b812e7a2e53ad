import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Outside a request the Api service serves the only app wired in the process; once a second app is
 * wired it chooses none (one app's routes, hosts and limits would serve the other's call). Run in a
 * child process: this one has wired many apps already.
 */
const script = (first: 'express' | 'koa', second: 'express' | 'koa') => `
  require('reflect-metadata');
  const { Container } = require('typedi');
  const { JsonController, Get } = require('routing-controllers');
  const { useApi, Api } = require('./src');
  const make = (name) => {
    class Ping { ping() { return { app: name }; } }
    Object.defineProperty(Ping, 'name', { value: 'Ping' + name });
    Get('/ping-' + name)(Ping.prototype, 'ping', Object.getOwnPropertyDescriptor(Ping.prototype, 'ping'));
    JsonController('/v1')(Ping);
    return Ping;
  };
  const wire = (framework, name) => {
    const app = framework === 'express' ? require('express')() : new (require('koa'))();
    return useApi(app, { controllers: [make(name)] });
  };
  (async () => {
    const out = [];
    const api = Container.get(Api);
    const a = wire('${first}', 'a');
    out.push(await api.get('/v1/ping-a'));
    const b = wire('${second}', 'b');
    out.push(await api.get('/v1/ping-b').catch((error) => error.code));
    out.push(await api.forApp(a).get('/v1/ping-a'), await api.forApp(b).get('/v1/ping-b'));
    // A remote call needs no app: it takes the project's config (here one to a closed port: 502).
    out.push(await api.get('http://127.0.0.1:9/').catch((error) => error.status));
    console.log(JSON.stringify(out));
  })().catch((error) => console.log('FAILED ' + error.stack));
`;

describe('Api outside a request: the default app', () => {
  for (const [first, second] of [
    ['express', 'koa'],
    ['koa', 'express'],
  ] as const) {
    it(`serves the only app wired; with a second one (${first}, then ${second}) it asks for api.forApp(app)`, async function () {
      this.timeout(30_000);
      const { stdout } = await promisify(execFile)(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script(first, second)], {
        cwd: process.cwd(),
      });
      expect(JSON.parse(stdout.trim().split('\n').pop()!)).to.deep.equal([{ app: 'a' }, 'RCA_API_SEVERAL_APPS', { app: 'a' }, { app: 'b' }, 502]);
    });
  }
});
