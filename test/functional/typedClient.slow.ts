import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import ts from 'typescript';
import { Book } from '../../example/models';
import { onBothFrameworks } from './exampleServer';
import { ADDED_BY_TESTS } from '../fixture/seededRows';

const ROOT = path.resolve(__dirname, '../..');

/**
 * A client as a user writes it from the README: openapi-fetch typed by the paths openapi-typescript
 * generated, JSON answers only, and the query serializer a deepObject `filter` needs.
 */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** filter[title][contains]=the, include=author,publisher: nested objects in brackets, lists comma-separated. */
export function serializeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) return add(key, value.join(','));
    if (typeof value === 'object') {
      for (const [member, inner] of Object.entries(value)) add(\`\${key}[\${member}]\`, inner);
      return;
    }
    parts.push(\`\${encodeURIComponent(key)}=\${encodeURIComponent(String(value))}\`);
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return parts.join('&');
}

export async function tour(baseUrl: string): Promise<{ titles: string[]; authors: string[]; created: number; read: string }> {
  const client = createClient<paths, 'application/json'>({ baseUrl, querySerializer: serializeQuery });
  const list = await client.GET('/v1/books', {
    params: { query: { include: ['author'], filter: { title: { contains: 'silent' } }, per_page: 3 } },
  });
  if (!list.data) throw new Error(\`listing failed: \${JSON.stringify(list.error)}\`);
  const titles: string[] = list.data.data.map((book) => book.title);
  const authors: string[] = list.data.data.map((book) => book.author?.name ?? '');
  const made = await client.POST('/v1/books', { body: { title: 'Typed by the client', author_id: 1, publisher_id: 2 } });
  if (!made.data) throw new Error(\`create failed: \${JSON.stringify(made.error)}\`);
  const created: number = made.data.id;
  const one = await client.GET('/v1/books/{id}', { params: { path: { id: created } } });
  if (!one.data) throw new Error(\`read failed: \${JSON.stringify(one.error)}\`);
  const read: string = one.data.title;
  return { titles, authors, created, read };
}
`;

/** Node's own import() (the suite's CommonJS compile would turn a dynamic import into require()). */
// eslint-disable-next-line @typescript-eslint/no-implied-eval
const importModule = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;

/** TypeScript's complaints about the client, compiled strictly as an ES module. */
function compile(dir: string): string[] {
  const file = path.join(dir, 'client.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: false,
  };
  const program = ts.createProgram([file], options);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

/** Generates the types and compiles the client once per document: both frameworks serve the same one. */
const prepared = new Map<string, { dir: string; problems: string[] }>();

function prepare(documentText: string): { dir: string; problems: string[] } {
  let done = prepared.get(documentText);
  if (done) return done;
  // Inside the project, so that openapi-fetch resolves from its node_modules.
  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'typed-client-'));
  fs.writeFileSync(path.join(dir, 'openapi.json'), documentText);
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), 'openapi.json', '-o', 'schema.d.ts'], {
    cwd: dir,
    stdio: 'pipe',
  });
  fs.writeFileSync(path.join(dir, 'client.ts'), CLIENT);
  // The same client, to run: its JavaScript as TypeScript emits it.
  const js = ts.transpileModule(CLIENT, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  fs.writeFileSync(path.join(dir, 'client.mjs'), js);
  prepared.set(documentText, (done = { dir, problems: compile(dir) }));
  return done;
}

after(() => {
  for (const { dir } of prepared.values()) fs.rmSync(dir, { recursive: true, force: true });
});

onBothFrameworks('a typed client generated from the OpenAPI document', (app) => {
  after(() => Book.destroy({ where: ADDED_BY_TESTS }));

  it('openapi-typescript accepts the document; an openapi-fetch client compiles strictly, lists with a filter and an include, creates and reads', async function () {
    this.timeout(60_000);
    const { dir, problems } = prepare((await app().get('/v1/openapi.json')).text);
    expect(problems).to.deep.equal([]);
    const { tour } = (await importModule(pathToFileURL(path.join(dir, 'client.mjs')).href)) as { tour: (url: string) => Promise<Record<string, unknown>> };
    const result = (await tour(app().url)) as { titles: string[]; authors: string[]; created: number; read: string };
    expect(result.titles.length).to.be.within(1, 3);
    for (const title of result.titles) expect(title.toLowerCase()).to.include('silent');
    for (const name of result.authors) expect(name).to.be.a('string').and.not.equal('');
    expect(result.created).to.be.above(100);
    expect(result.read).to.equal('Typed by the client');
  });
});
