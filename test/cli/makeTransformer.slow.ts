import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CollectionResource, parseIncludes, resolveConfig } from '../../src';
import { createContext } from '../../src/context/createContext';
import { requestStorage } from '../../src/context/RequestContext';
import { RouteRegistry } from '../../src/routing/RouteRegistry';
import { serializers } from '../../src/serializer/serializers';
import { converter } from '../../src/response/convertBody';
import { IncludeWalk } from '../../src/transformer/includeWalk';
import { Book, Comment } from '../../example/models';
import { exampleDatabase, exampleQueries } from '../fixture/database';
import { REPO, runCli, typeCheck } from './runCli';
import { sqlRelationLoader } from '../../src/loader/RelationLoader';

describe('rc-api make:transformer', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rca-make-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has --help', async () => {
    const help = await runCli(['make:transformer', '--help'], dir);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.include('Usage: rc-api make:transformer [options] <subject>').and.include('--includes <list>');
  });

  it('writes a transformer that type-checks in an empty directory, and refuses to overwrite it', async () => {
    const first = await runCli(['make:transformer', 'Book', '--includes=Author:author,Comment:comments:true'], dir);
    expect([first.code, first.stdout]).to.deep.equal([0, `${path.join('src', 'transformers', 'BookTransformer.ts')}\n`]);
    const file = path.join(dir, 'src', 'transformers', 'BookTransformer.ts');
    const source = fs.readFileSync(file, 'utf8');
    expect(source).to.include("availableIncludes = ['author', 'comments'];");
    // The resource key is given: an included author has the type /v1/authors answers with.
    expect(source).to.include("return this.item(this.related(book, 'author'), undefined, 'authors');");
    expect(source).to.include("return this.collection(this.related(book, 'comments'), undefined, 'comments');");
    expect(source).to.include("link: { rel: 'self', href: route('v1.books.show', { id: book.id }) }");
    expect((await typeCheck(dir)).stdout).to.equal('');

    fs.appendFileSync(file, '// edited\n');
    const second = await runCli(['make:transformer', 'Book'], dir);
    expect(second.code).to.equal(1);
    expect(second.stderr).to.include('exists; use --force to overwrite it');
    expect(fs.readFileSync(file, 'utf8')).to.include('// edited');
    const forced = await runCli(['make:transformer', 'Book', '--force'], dir);
    expect(forced.code).to.equal(0);
    expect(fs.readFileSync(file, 'utf8')).not.to.include('// edited');
  });

  it('uses the model and the related transformers when they exist', async () => {
    fs.mkdirSync(path.join(dir, 'src', 'models'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'src', 'transformers'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'src', 'models', 'Book.ts'),
      "import { Model } from 'sequelize';\nexport class Book extends Model {\n  declare id: number;\n  declare createdAt: Date;\n}\n",
    );
    fs.writeFileSync(
      path.join(dir, 'src', 'transformers', 'CommentTransformer.ts'),
      "import { Transformer } from 'routing-controllers-api';\nexport class CommentTransformer extends Transformer<{ id: number }> {\n  transform(comment: { id: number }) {\n    return { id: comment.id };\n  }\n}\n",
    );
    const result = await runCli(['make:transformer', 'Book', '--includes=Author:author,Comment:comments:true'], dir);
    expect(result.code).to.equal(0);
    const source = fs.readFileSync(path.join(dir, 'src', 'transformers', 'BookTransformer.ts'), 'utf8');
    expect(source).to.include("import type { Book } from '../models/Book';");
    expect(source).to.include("import { CommentTransformer } from './CommentTransformer';");
    expect(source).to.include("this.collection(this.related(book, 'comments'), new CommentTransformer(), 'comments')");
    expect(source).not.to.include('interface Book');
    expect((await typeCheck(dir)).stdout).to.equal('');
  });

  it('refuses a malformed --includes', async () => {
    const result = await runCli(['make:transformer', 'Book', '--includes=Author:author:yes'], dir);
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include('--includes entries are Model:relation or Model:relation:true');
  });

  it('generates collection includes that load with one query for all parents', async () => {
    await exampleDatabase();
    const result = await runCli(
      [
        'make:transformer',
        'Book',
        '--includes=Comment:comments:true',
        `--from=${path.join(REPO, 'src')}`,
        `--model=${path.join(REPO, 'example', 'models', 'Book.ts')}`,
      ],
      dir,
    );
    expect(result.code).to.equal(0);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { BookTransformer } = require(path.join(dir, 'src', 'transformers', 'BookTransformer.ts'));
    const books = await Book.findAll({ where: { id: Array.from({ length: 20 }, (_, i) => i + 1) }, order: [['id', 'ASC']] });
    const routes = new RouteRegistry();
    routes.add({ name: 'v1.books.show', method: 'GET', path: '/v1/books/:id' });
    const app = { framework: 'express' as const, config: resolveConfig({}, {}), routes, listener: () => () => undefined };
    const defaults = { limit: 3, offset: 0, sort: 'created_at', order: 'desc' as const };
    const tree = parseIncludes('comments:limit(2|0)', { defaults, maxDepth: 10, maxLimit: 100, maxPaths: 20 });
    let body: any;
    const sql = await exampleQueries(() =>
      requestStorage.run(createContext(app, { method: 'GET', url: '/', headers: {}, protocol: 'http', host: 'h' }), async () => {
        body = serializers.array.document(
          await new IncludeWalk({ loader: sqlRelationLoader, tree, defaults }).run(new CollectionResource(books, new BookTransformer())),
          null,
          null,
          converter('snake', 'iso8601'),
        );
      }),
    );
    expect(sql).to.have.length(1);
    for (const book of body.data) {
      const expected = await Comment.findAll({
        where: { bookId: book.id },
        order: [
          ['createdAt', 'DESC'],
          ['id', 'DESC'],
        ],
        limit: 2,
      });
      expect(book.comments.data.map((c: { id: number }) => c.id)).to.deep.equal(expected.map((c) => c.id));
    }
  });
});
