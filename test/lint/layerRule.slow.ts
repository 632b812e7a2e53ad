import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

const ROOT = path.resolve(__dirname, '../..');
const CRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** The rules `npm run lint:layers` breaks, for a src/ tree of these files. */
function violations(files: Record<string, string>): Array<[string, string, string]> {
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'layers-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "module": "commonjs" } }');
    const out = execFileSync(process.execPath, [CRUISE, 'src', '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const summary = (JSON.parse(out) as { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } }).summary;
    return summary.violations.map((v) => [v.rule.name, v.from, v.to]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the layer rule (npm run lint:layers)', () => {
  it('refuses an import up a layer (a type-only one too), a cycle, a folder with no layer, an import of index.ts and SQL in the walk; takes a downward one', function () {
    this.timeout(20_000);
    const found = violations({
      'src/errors/up.ts': "import type { B } from '../helpers/b';\nexport type A = B;\n",
      'src/helpers/b.ts': "import { c } from '../query/c';\nexport type B = number;\nexport const b = c;\n",
      'src/query/c.ts': 'export const c = 1;\n',
      'src/loader/d.ts': "import { e } from './e';\nexport const d = () => e;\n",
      'src/loader/e.ts': "import { d } from './d';\nexport const e = () => d;\n",
      'src/nowhere/f.ts': "import { c } from '../query/c';\nexport const f = c;\n",
      'src/query/g.ts': "import { h } from '../index';\nexport const g = h;\n",
      'src/index.ts': 'export const h = 1;\n',
      'src/loader/compileFilter.ts': 'export const filterSql = () => 1;\nexport type Sql = string;\n',
      'src/transformer/walk.ts': "import { filterSql } from '../loader/compileFilter';\nexport const w = filterSql;\n",
      'src/transformer/typed.ts': "import type { Sql } from '../loader/compileFilter';\nexport type T = Sql;\n",
    });
    const rules = found.map(([rule, from]) => `${rule} ${from}`);
    expect(rules).to.include('layer-0-upward src/errors/up.ts');
    expect(rules).to.include('no-cycle src/loader/d.ts');
    expect(rules).to.include('no-unplaced-folder src/nowhere/f.ts');
    expect(rules).to.include('index-is-the-top src/query/g.ts');
    // The include walk reaches SQL only through the RelationLoader it is given; a type may cross.
    expect(rules).to.include('walk-imports-no-sql src/transformer/walk.ts');
    expect(rules.filter((rule) => rule.includes('src/transformer/typed.ts'))).to.deep.equal([]);
    // helpers (level 7) importing query (level 3) runs down: allowed.
    expect(rules.filter((rule) => rule.includes('src/helpers/b.ts'))).to.deep.equal([]);
  });
});
