import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError, resolveConfig } from '../../../src';
import { findProjectConfig } from '../../../src/config/projectConfigFile';

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
    fs.writeFileSync(
      path.join(dir, 'config', 'api.ts'),
      "const config: { convert: { key: 'camel' } } = { convert: { key: 'camel' } };\nexport default config;\n",
    );
    expect(resolveConfig({}, {}).convert.key).to.equal('camel');
  });

  it('reports a file that cannot be loaded', () => {
    fs.writeFileSync(path.join(dir, 'config', 'api.js'), 'this is not javascript');
    expect(() => resolveConfig({}, {})).to.throw(ApiError, /could not be loaded/);
  });

  it('answers the defaults without a project file', () => {
    expect(resolveConfig({}, {}).serializer).to.equal('array');
  });

  it('reads config/api.cjs and config/api.json', () => {
    fs.writeFileSync(path.join(dir, 'config', 'api.cjs'), "module.exports = { convert: { key: 'camel' } };");
    expect(resolveConfig({}, {}).convert.key).to.equal('camel');
    fs.rmSync(path.join(dir, 'config', 'api.cjs'));
    fs.writeFileSync(path.join(dir, 'config', 'api.json'), JSON.stringify({ serializer: 'data-array' }));
    expect(resolveConfig({}, {}).serializer).to.equal('data-array');
  });

  describe('findProjectConfig() for a compiled app (no TypeScript loader)', () => {
    const search = (appDir?: string) => findProjectConfig({ cwd: dir, appDir, typescript: false, ownDefaults: [] });

    it('finds a config compiled alongside the app (dist/config/api.js)', () => {
      fs.writeFileSync(path.join(dir, 'config', 'api.ts'), 'export default {};');
      fs.mkdirSync(path.join(dir, 'dist', 'config'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'dist', 'src'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'dist', 'config', 'api.js'), 'module.exports = {};');
      expect(search(path.join(dir, 'dist', 'src'))).to.equal(path.join(dir, 'dist', 'config', 'api.js'));
    });

    it('refuses a config/api.ts that nothing can load, saying how to fix it', () => {
      fs.writeFileSync(path.join(dir, 'config', 'api.ts'), 'export default {};');
      expect(() => search(path.join(dir, 'dist'))).to.throw(ApiError, /config\/api\.ts.*no TypeScript loader is registered.*publish:config --format js/);
    });

    it("loads TypeScript when a loader is registered, and never this package's own default file", () => {
      fs.writeFileSync(path.join(dir, 'config', 'api.ts'), 'export default {};');
      expect(findProjectConfig({ cwd: dir, typescript: true, ownDefaults: [] })).to.equal(path.join(dir, 'config', 'api.ts'));
      expect(findProjectConfig({ cwd: dir, typescript: false, ownDefaults: [path.join(dir, 'config', 'api')] })).to.equal(null);
    });
  });
});
