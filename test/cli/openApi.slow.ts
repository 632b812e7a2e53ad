import { expect } from 'chai';
import SwaggerParser from '@apidevtools/swagger-parser';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, runCli } from './runCli';

describe('rc-api openapi', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-openapi-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the example app document to --out: valid OpenAPI 3.1, every books route, titled from the options', async () => {
    const out = path.join(dir, 'openapi.json');
    const result = await runCli(['openapi', '--out', out, '--title', 'Books', '--api-version', '2.0.0'], REPO, { DB_STORAGE: path.join(dir, 'books.sqlite') });
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/^Wrote .*openapi\.json: \d+ paths\n$/);
    const document = JSON.parse(fs.readFileSync(out, 'utf8')) as { openapi: string; info: object; paths: Record<string, object> };
    expect(document.openapi).to.equal('3.1.0');
    expect(document.info).to.include({ title: 'Books', version: '2.0.0' });
    expect(document.paths).to.include.keys('/v1/books', '/v1/books/{id}', '/v1/authors/{id}/profile');
    await SwaggerParser.validate(document as never);
  });

  it('prints the document without --out, titled from package.json', async () => {
    const result = await runCli(['openapi'], REPO, { DB_STORAGE: path.join(dir, 'books.sqlite') });
    expect(result.code, result.stderr).to.equal(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { name: string; version: string };
    expect(JSON.parse(result.stdout).info).to.include({ title: pkg.name, version: pkg.version });
  });
});
