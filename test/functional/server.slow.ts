import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exitCode, startServer } from './serverProcess';

describe('example/server.ts (npm start)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-server-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const framework of ['express', 'koa']) {
    it(`serves the seeded API on ${framework}, keeps data across starts, and stops on SIGTERM`, async () => {
      const storage = path.join(dir, `${framework}.sqlite`);
      const first = await startServer({ FRAMEWORK: framework, DB_STORAGE: storage });
      expect(first.output()).to.include('Seeded 10 authors, 5 publishers, 100 books');
      expect(first.output()).to.include(`Books API (${framework}) listening on`);
      const page = (await (await fetch(`${first.url}/v1/books`)).json()) as { meta: { pagination: { total: number } } };
      expect(page.meta.pagination.total).to.equal(100);
      const stopped = exitCode(first.child);
      first.child.kill('SIGTERM');
      expect(await stopped).to.equal(0);

      const second = await startServer({ FRAMEWORK: framework, DB_STORAGE: storage });
      expect(second.output()).not.to.include('Seeded');
      const stoppedAgain = exitCode(second.child);
      second.child.kill('SIGINT');
      expect(await stoppedAgain).to.equal(0);
    });
  }
});
