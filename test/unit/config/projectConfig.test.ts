import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError, resolveConfig } from '../../../src';

describe('resolveConfig() with a project config/api file', () => {
  const cwd = process.cwd();
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-config-'));
    fs.mkdirSync(path.join(dir, 'config'));
    process.chdir(dir);
  });

  afterEach(() => {
    process.chdir(cwd);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('merges the project file over the defaults, and explicit options over both', () => {
    fs.writeFileSync(path.join(dir, 'config', 'api.js'), "module.exports = { default: { serializer: 'json-api', include: { maxDepth: 4 } } };");
    const config = resolveConfig({ include: { maxPaths: 5 } }, {});
    expect(config.serializer).to.equal('json-api');
    expect(config.include).to.include({ maxDepth: 4, maxPaths: 5, maxLimit: 100 });
  });

  it('reads a TypeScript config/api.ts when TypeScript is registered', () => {
    fs.writeFileSync(path.join(dir, 'config', 'api.ts'), "const config: { convert: { key: 'camel' } } = { convert: { key: 'camel' } };\nexport default config;\n");
    expect(resolveConfig({}, {}).convert.key).to.equal('camel');
  });

  it('reports a file that cannot be loaded', () => {
    fs.writeFileSync(path.join(dir, 'config', 'api.js'), 'this is not javascript');
    expect(() => resolveConfig({}, {})).to.throw(ApiError, /could not be loaded/);
  });

  it('answers the defaults without a project file', () => {
    expect(resolveConfig({}, {}).serializer).to.equal('array');
  });
});
