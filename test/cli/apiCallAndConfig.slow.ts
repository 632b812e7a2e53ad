import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes, Sequelize } from 'sequelize';
import { apiCall } from '../../src/cli/apiCall';
import { startUpstream, Upstream } from '../fixture/upstream';
import { REPO, runCli, typeCheck } from './runCli';

describe('rc-api api:call', function () {
  this.timeout(60_000);
  let dir: string;
  let env: Record<string, string>;
  let upstream: Upstream;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-call-'));
    env = { DB_STORAGE: path.join(dir, 'books.sqlite') };
    upstream = await startUpstream();
  });
  after(async () => {
    await upstream.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints a book from a freshly seeded example database, with no server running', async () => {
    const result = await runCli(['api:call', '/v1/books/1'], REPO, env);
    expect(result.code).to.equal(0);
    const [status, ...body] = result.stdout.split('\n');
    expect(status).to.equal('HTTP/1.1 200 OK');
    expect(JSON.parse(body.join('\n'))).to.include({ id: 1, description: 'Book 1 of the example library.' });
    expect(result.stdout).to.include('\n  "id": 1,');
  });

  it('-i shows the request id and Server-Timing of an internal call', async () => {
    const result = await runCli(['api:call', '-i', '/v1/books/1?include=author'], REPO, env);
    expect(result.code).to.equal(0);
    const head = result.stdout.split('\n\n')[0];
    expect(head).to.match(/\nx-request-id: [0-9a-f-]{36}\n/);
    expect(head).to.match(/\nserver-timing: db;dur=[\d.]+;desc="2 queries", transform;dur=[\d.]+, serialize;dur=[\d.]+, total;dur=[\d.]+(\n|$)/);
  });

  it('prints links with the port the app serves on (PORT, else 3000)', async () => {
    expect((await runCli(['api:call', '/v1/books/1'], REPO, env)).stdout).to.include('"href": "http://localhost:3000/v1/books/1"');
    expect((await runCli(['api:call', '/v1/books/1'], REPO, { ...env, PORT: '4100' })).stdout).to.include('"href": "http://localhost:4100/v1/books/1"');
  });

  it('explains how to load an app written in TypeScript where ts-node is not installed', async () => {
    const result = await runCli(['api:call', '/v1/books/1'], dir);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('npm install -D ts-node').and.include('--app dist/app.js');
  });

  it('exits non-zero for a status >= 400', async () => {
    const result = await runCli(['api:call', '/v1/books/99999'], REPO, env);
    expect(result.code).to.equal(1);
    expect(result.stdout).to.match(/^HTTP\/1\.1 404 Not Found\n/);
  });

  it('sends --request and --data, with --app naming the module', async () => {
    const result = await runCli(
      ['api:call', '-X', 'POST', '/v1/books', '-d', 'title=From the CLI&author_id=2&publisher_id=3', '--app', 'example/cliApp.ts'],
      REPO,
      env,
    );
    expect(result.code).to.equal(0);
    expect(result.stdout).to.match(/^HTTP\/1\.1 201 Created\n/);
    const db = new Sequelize({ dialect: 'sqlite', storage: env.DB_STORAGE, logging: false });
    const rows = await db.query("SELECT author_id, publisher_id FROM books WHERE title = 'From the CLI'", { type: QueryTypes.SELECT });
    await db.close();
    expect(rows).to.deep.equal([{ author_id: 2, publisher_id: 3 }]);
  });

  it('calls a remote URL, with --header and --data as the query', async () => {
    const result = await runCli(['api:call', `${upstream.url}/echo`, '-H', 'X-Token: abc', '-d', 'q=1'], dir);
    expect(result.code).to.equal(0);
    const echoed = JSON.parse(result.stdout.split('\n').slice(1).join('\n'));
    expect(echoed.url).to.equal('/echo?q=1');
    expect(echoed.headers['x-token']).to.equal('abc');
  });

  it('treats any URL with a scheme as remote (http:/host/x too), sending the host its own Host', async () => {
    let printed = '';
    const code = await apiCall(`http:/${upstream.host}/echo`, {}, (text) => (printed += text), dir);
    expect(code).to.equal(0);
    const echoed = JSON.parse(printed.split('\n').slice(1).join('\n'));
    expect(echoed.url).to.equal('/echo');
    expect(echoed.headers.host).to.equal(upstream.host);
  });

  it('-i prints the response headers between the status line and the body', async () => {
    let printed = '';
    expect(await apiCall(`${upstream.url}/echo`, { include: true }, (text) => (printed += text), dir)).to.equal(0);
    const [head, body] = printed.split('\n\n');
    expect(head.split('\n')[0]).to.equal('HTTP/1.1 200 OK');
    expect(head).to.match(/\ncontent-type: application\/json/);
    expect(JSON.parse(body).url).to.equal('/echo');
  });

  it('refuses a bad method and a module that is not an app', async () => {
    const method = await runCli(['api:call', '-X', 'BREW', '/v1/books'], REPO, env);
    expect([method.code, method.stderr]).to.deep.equal([1, 'rc-api: --request must be one of GET, POST, PUT, PATCH, DELETE, HEAD, got "BREW"\n']);
    const module = await runCli(['api:call', '/v1/books', '--app', 'example/config.ts'], REPO, env);
    expect(module.code).to.equal(1);
    expect(module.stderr).to.include('must export an app wired with useApi()');
  });

  it('has --help', async () => {
    const help = await runCli(['api:call', '--help'], dir);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include('-X, --request <method>').and.include('-d, --data <data>').and.include('-H, --header <header>');
  });
});

describe('rc-api publish:config', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-publish-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the documented config, importing from the package, and refuses to overwrite it', async () => {
    const first = await runCli(['publish:config'], dir);
    expect([first.code, first.stdout]).to.deep.equal([0, `${path.join('config', 'api.ts')}\n`]);
    const written = fs.readFileSync(path.join(dir, 'config', 'api.ts'), 'utf8');
    expect(written).to.include("import type { ApiConfigInput } from 'routing-controllers-api';");
    expect(written).to.include("param: 'callback'");
    expect((await typeCheck(dir)).stdout).to.equal('');
    const second = await runCli(['publish:config'], dir);
    expect(second.code).to.equal(1);
    expect((await runCli(['publish:config', '--force'], dir)).code).to.equal(0);
  });

  it('--format js writes CommonJS a compiled app loads without TypeScript', async () => {
    const result = await runCli(['publish:config', '--format', 'js'], dir);
    expect([result.code, result.stdout]).to.deep.equal([0, `${path.join('config', 'api.js')}\n`]);
    const written = fs.readFileSync(path.join(dir, 'config', 'api.js'), 'utf8');
    expect(written).to.include("/** @type {import('routing-controllers-api').ApiConfigInput} */").and.include('module.exports = config;');
    expect(written).not.to.match(/^import /m);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    expect(require(path.join(dir, 'config', 'api.js')).include.maxResources).to.equal(5000);
    expect((await runCli(['publish:config', '--format', 'yaml'], dir)).code).to.equal(1);
  });

  it('has --help', async () => {
    expect((await runCli(['publish:config', '--help'], dir)).stdout).to.include('Usage: rc-api publish:config [options]');
  });
});

describe('rc-api --version and make:transformer in this package', function () {
  this.timeout(60_000);

  it('prints the package version', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { version } = require('../../package.json');
    expect(await runCli(['--version'], REPO)).to.deep.include({ code: 0, stdout: `${version}\n` });
  });

  it("make:transformer refuses to write into the library's own src/", async () => {
    const result = await runCli(['make:transformer', 'Review'], REPO);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include("refusing to write src/transformers/ReviewTransformer.ts into routing-controllers-api's own src/");
    expect(fs.existsSync(path.join(REPO, 'src', 'transformers'))).to.equal(false);
  });
});
