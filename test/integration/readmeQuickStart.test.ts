import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { Api } from '../../src';

const ROOT = path.resolve(__dirname, '../..');

/** The README's quick start, as a module of the suite: the package's entry is this checkout's, and it hands back its app instead of listening. */
function quickStart(): string {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const block = /\*\*Quick start\*\*[^\n]*\n\n```ts\n([\s\S]*?)\n```/.exec(readme);
  if (!block) throw new Error('the README has no quick start block');
  const code = block[1];
  expect(code.split('\n').length, 'a quick start of about 30 lines').to.be.at.most(40);
  expect(code).to.include('.listen(3000);').and.to.include('\nmain();');
  return code
    .replace(/from 'routing-controllers-api'/g, `from ${JSON.stringify(path.join(ROOT, 'src'))}`)
    .replace(/useApi\((.*)\)\.listen\(3000\);/, 'return useApi($1);')
    .replace('\nmain();', '\nexport { main };');
}

describe("README's quick start and its testing section", () => {
  it('run: the app answers the filter the README shows, and the 400 it shows, through new Api().forApp(app)', async function () {
    this.timeout(30_000);
    fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
    const file = path.join(ROOT, '.tmp', `quick-start-${process.pid}.ts`);
    fs.writeFileSync(file, quickStart());
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { main } = require(file) as { main: () => Promise<unknown> };
      const api = new Api().forApp(await main());
      const res = await api.request<{ data: Array<{ title: string }> }>({ method: 'GET', url: '/v1/books', query: { 'filter[title][contains]': 'du' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data.map((book) => book.title)).to.deep.equal(['Dune', 'Dubliners']);
      const refused = await api.request<{ error: { message: string } }>({ method: 'GET', url: '/v1/books?filter[nope]=1' });
      expect([refused.status, refused.body.error.message]).to.deep.equal([
        400,
        'Invalid filter parameter "filter[nope]": "nope" cannot be filtered by here; filterable: title',
      ]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
