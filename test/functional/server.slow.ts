import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exitCode, startServer } from './serverProcess';
import { bearerPrincipal, DEVELOPMENT_KEY } from '../../example/auth';

describe('example/server.ts (npm start)', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-server-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('npm run tokens prints a token for each seeded user, signed with JWT_SECRET when it is set', async () => {
    const secret = 'a secret of this test, at least thirty-two characters';
    const printed = execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join('example', 'printTokens.ts')], {
      env: { ...process.env, DB_STORAGE: path.join(dir, 'tokens.sqlite'), JWT_SECRET: secret },
      encoding: 'utf8',
    });
    const lines = printed.trim().split('\n');
    expect(lines.map((line) => line.split(':')[0])).to.deep.equal([
      'Riley Reader (reader, user 1)',
      'Eli Editor (editor, user 2)',
      'Emma Editor (editor, user 3)',
      'Alex Admin (admin, user 4)',
    ]);
    const admin = lines[3].split('Bearer ')[1];
    const caller = await bearerPrincipal(secret)({ request: { headers: { authorization: `Bearer ${admin}` } }, response: {} });
    expect(caller).to.deep.equal({ id: 4, name: 'Alex Admin', role: 'admin' });
    await bearerPrincipal(DEVELOPMENT_KEY)({ request: { headers: { authorization: `Bearer ${admin}` } }, response: {} }).then(
      () => expect.fail('a token of another key'),
      (error: Error) => expect(error.name).to.equal('UnauthorizedError'),
    );
  });

  it('refuses to start under NODE_ENV=production without JWT_SECRET: the development key is public', async () => {
    const refused = await startServer({ NODE_ENV: 'production', JWT_SECRET: '', DB_STORAGE: path.join(dir, 'refused.sqlite') }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).to.match(/exited with 1: .*JWT_SECRET must be set when NODE_ENV=production/s);
  });

  for (const framework of ['express', 'koa']) {
    it(`serves the seeded API on ${framework}, keeps data across starts, and stops on SIGTERM`, async () => {
      const storage = path.join(dir, `${framework}.sqlite`);
      const first = await startServer({ FRAMEWORK: framework, DB_STORAGE: storage });
      expect(first.output()).to.include('Seeded 10 authors, 5 publishers, 100 books');
      expect(first.output()).to.include(`Books API (${framework}) listening on`);
      const page = (await (await fetch(`${first.url}/v1/books`)).json()) as { meta: { pagination: { total: number } } };
      expect(page.meta.pagination.total).to.equal(100);
      // It prints a token for each seeded user, signed with the development key: an editor's sees its drafts.
      const editor = /Eli Editor \(editor, user 2\): Authorization: (Bearer \S+)/.exec(first.output());
      expect(editor, first.output()).to.not.equal(null);
      const drafts = await fetch(`${first.url}/v1/books?filter[draft][eq]=true`, { headers: { authorization: editor![1] } });
      expect(((await drafts.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total).to.equal(2);
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
