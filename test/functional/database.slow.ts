import { expect } from 'chai';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../../example/database';
import { migrations } from '../../example/migrations';
import { SEED_COUNTS } from '../../example/seeders/001-books';
import { DRAFTS } from '../../example/seeders/004-callers';

// Spawns about forty processes: in npm run test:slow, not in npm test.
describe('example database, killed while it starts', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-db-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a process killed at any point of its first start (a migration or the seed) leaves a database the next start completes', async function () {
    // About 38 processes, two at a time: about a minute alone on a 2-core machine, more when it is shared.
    this.timeout(240_000);
    // The child kills itself (SIGKILL) right before its statement number `killAt` runs; a first start runs about 110.
    const run = (storage: string, killAt: number | null) =>
      new Promise<string>((resolve) => {
        const script = `let seen = 0;
          const { createDatabase, prepareDatabase } = require('./example/database');
          const logging = () => { if (++seen === ${killAt}) process.kill(process.pid, 'SIGKILL'); };
          prepareDatabase(createDatabase({ storage: ${JSON.stringify(storage)}, logging }))
            .then(() => console.log('READY ' + seen), (error) => console.log('FAILED ' + error.message));`;
        const process_ = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
        let output = '';
        process_.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        process_.on('exit', () => resolve(output));
      });
    const complete = await run(path.join(dir, 'complete.sqlite'), null);
    const total = Number(/READY (\d+)/.exec(complete)?.[1]);
    expect(total, complete).to.be.above(40);
    // Every sixth statement: inside most migrations' transactions (each runs four or more), between them, inside the seeds, at COMMITs.
    let landed = 0;
    const points = Array.from({ length: Math.ceil(total / 6) }, (_, i) => 1 + i * 6);
    // Each point has a file of its own: two at a time, one per core.
    const killAndRestart = async (killAt: number) => {
      const storage = path.join(dir, `killed-${killAt}.sqlite`);
      if (!(await run(storage, killAt)).includes('READY')) landed++;
      const again = await run(storage, null);
      expect(again, `killed before statement ${killAt}: ${again.slice(-300)}`).to.include('READY');
      const db = createDatabase({ storage, bindModels: false });
      const [[counts]] = (await db.query(
        `SELECT (SELECT COUNT(*) FROM authors) AS authors, (SELECT COUNT(*) FROM books) AS books, (SELECT COUNT(*) FROM seeders) AS seeds,
          (SELECT COUNT(*) FROM migrations) AS migrations, (SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'comments_created') AS lastIndex`,
      )) as [Array<Record<string, number>>, unknown];
      await db.close();
      expect(counts, `killed before statement ${killAt}`).to.deep.equal({
        authors: SEED_COUNTS.authors,
        books: SEED_COUNTS.books + DRAFTS.length,
        seeds: 4,
        migrations: migrations.length,
        lastIndex: 1,
      });
    };
    const queue = [...points];
    const worker = async () => {
      for (let killAt = queue.shift(); killAt !== undefined; killAt = queue.shift()) await killAndRestart(killAt);
    };
    await Promise.all([worker(), worker()]);
    expect(landed, 'every kill landed before the first start finished').to.equal(points.length);
  });
});
