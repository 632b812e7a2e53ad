import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO, runCli } from './runCli';

describe('rc-api client', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
    dir = fs.mkdtempSync(path.join(REPO, '.tmp', 'client-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const env = () => ({ DB_STORAGE: path.join(os.tmpdir(), `rca-client-${process.pid}.sqlite`) });

  it('writes the route table: type imports relative to the file, one line a route, every route of the example', async () => {
    const out = path.join(dir, 'client.gen.ts');
    const result = await runCli(['client', '--out', out, '--from', '../../src/client'], REPO, env());
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/^Wrote .*client\.gen\.ts: 28 routes, \d+ bytes\n$/);
    const text = fs.readFileSync(out, 'utf8');
    expect(text).to.include("import type { BookTransformer } from '../../example/transformers/BookTransformer';");
    expect(text).to.include("import type { RouteKinds, TableResource as T, TableRoute as R } from '../../src/client';");
    expect(text).to.match(/^ {4}'GET \/v1\/books\/\{id\}': R<'books', 'item', \{ params: 'id' \}>;$/m);
    expect(text).to.match(/^ {4}'GET \/v1\/comments': R<'comments', 'cursor', \{ sort: 'created'; filter: \{ body: \{ contains: string \};/m);
    // A book's author and publisher are required foreign keys to models no policy narrows: never null.
    expect(text).to.match(
      /^ {4}books: T<BookTransformer, 'author' \| 'publisher' \| 'comments' \| 'genres', \{ optional: 'draft' \| 'editor_id' \| 'cost'; aggregates: \{ comments: 'rating' \}; present: 'author' \| 'publisher' \}>;$/m,
    );
  });

  it('--check: 0 when the file is what it would write, 1 when it is stale or missing, and writes nothing', async () => {
    const out = path.join(dir, 'checked.gen.ts');
    expect((await runCli(['client', '--out', out, '--check'], REPO, env())).code).to.equal(1);
    expect(fs.existsSync(out)).to.equal(false);
    expect((await runCli(['client', '--out', out], REPO, env())).code).to.equal(0);
    const check = await runCli(['client', '--out', out, '--check'], REPO, env());
    expect(check.code, check.stdout).to.equal(0);
    fs.appendFileSync(out, '// edited\n');
    const stale = await runCli(['client', '--out', out, '--check'], REPO, env());
    expect(stale.code).to.equal(1);
    expect(stale.stdout).to.match(/is stale: run rc-api client --out/);
    expect(fs.readFileSync(out, 'utf8')).to.match(/\/\/ edited\n$/);
  });
});
