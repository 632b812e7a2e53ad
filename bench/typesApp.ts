import fs from 'node:fs';
import path from 'node:path';

/** The shape of a synthetic app: its routes (five a controller) and its transformers (models alike). */
export interface TypesAppShape {
  routes: number;
  transformers: number;
}

/** The three includes of transformer `i`: two items and a collection, whose graph has cycles. */
export function includesOf(i: number, n: number): { next: number; other: number; items: number } {
  return { next: (i + 1) % n, other: (i + 7) % n, items: (i * 3 + 1) % n };
}

/**
 * Writes the TypeScript sources of a synthetic app to `dir`: `transformers` Sequelize models and
 * transformers (three includes each, their graph cyclic), and `routes / 5` controllers of five
 * routes each (a filtered, sorted page; an item; a cursor page; a create; an update), wired by
 * `app.ts` with useApi(). `repo` is this repository, whose sources the app imports.
 */
export function writeTypesApp(dir: string, repo: string, { routes, transformers: n }: TypesAppShape): void {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const sub of ['models', 'transformers', 'controllers']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  const src = path.relative(dir, path.join(repo, 'src')).split(path.sep).join('/');
  const decorators = path.relative(dir, path.join(repo, 'decorators')).split(path.sep).join('/');
  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
  write(
    'models/db.ts',
    "import { Sequelize } from 'sequelize';\n\nexport const sequelize = new Sequelize({ dialect: 'sqlite', storage: ':memory:', logging: false });\n",
  );
  for (let i = 0; i < n; i++) {
    const { next, other, items } = includesOf(i, n);
    write(
      `models/M${i}.ts`,
      [
        "import { DataTypes, Model } from 'sequelize';",
        "import { sequelize } from './db';",
        '',
        `export class M${i} extends Model {`,
        '  declare id: number;',
        '  declare name: string;',
        '  declare score: number | null;',
        '  declare createdAt: Date;',
        '}',
        `M${i}.init({ id: { type: DataTypes.INTEGER, primaryKey: true }, name: DataTypes.STRING, score: DataTypes.INTEGER, nextId: DataTypes.INTEGER, otherId: DataTypes.INTEGER, ownerId: DataTypes.INTEGER }, { sequelize, tableName: 'm${i}' });`,
        '',
      ].join('\n'),
    );
    write(
      `transformers/T${i}.ts`,
      [
        `import { Transformer } from '../${src}';`,
        `import type { M${i} } from '../models/M${i}';`,
        ...[...new Set([next, other, items])].map((j) => `import { T${j}Transformer } from './T${j}';`),
        '',
        "const INCLUDES = ['next', 'other', 'items'];",
        "const COLUMNS = { created: ['createdAt'], flag: ['id'], label: ['id', 'name'] };",
        '',
        `export class T${i}Transformer extends Transformer<M${i}> {`,
        '  availableIncludes = INCLUDES;',
        '  columns = COLUMNS;',
        `  transform(m: M${i}) {`,
        '    return { id: m.id, name: m.name, score: m.score, created: m.createdAt, flag: m.id > 0, label: this.when(m.id > 1, () => m.name) };',
        '  }',
        `  includeNext(m: M${i}) {`,
        `    return this.item(this.related(m, 'next'), new T${next}Transformer(), 't${next}');`,
        '  }',
        `  includeOther(m: M${i}) {`,
        `    return this.item(this.related(m, 'other'), new T${other}Transformer(), 't${other}');`,
        '  }',
        `  includeItems(m: M${i}) {`,
        `    return this.collection(this.related(m, 'items'), new T${items}Transformer(), 't${items}');`,
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  }
  const associations = Array.from({ length: n }, (_, i) => {
    const { next, other, items } = includesOf(i, n);
    return [
      `M${i}.belongsTo(M${next}, { as: 'next', foreignKey: 'nextId' });`,
      `M${i}.belongsTo(M${other}, { as: 'other', foreignKey: 'otherId' });`,
      `M${i}.hasMany(M${items}, { as: 'items', foreignKey: 'ownerId' });`,
    ].join('\n');
  });
  write(
    'models/index.ts',
    [
      ...Array.from({ length: n }, (_, i) => `import { M${i} } from './M${i}';`),
      '',
      ...associations,
      '',
      `export { ${Array.from({ length: n }, (_, i) => `M${i}`).join(', ')} };`,
      '',
    ].join('\n'),
  );
  const controllers = Math.ceil(routes / 5);
  for (let k = 0; k < controllers; k++) {
    const i = k % n;
    const { items } = includesOf(i, n);
    const left = Math.min(5, routes - k * 5);
    const actions = [
      `  @Get('/')\n  @Transformer(T${i}Transformer, { resourceKey: 't${i}' })\n  @Paginated()\n  @Sortable('name', 'created')\n  @Filterable(() => M${i}, { name: ['eq', 'contains'], score: ['gte', 'lte', 'null'], 'next.name': ['eq'] })\n  index() {\n    return [];\n  }`,
      `  @Get('/:id')\n  @Transformer(T${i}Transformer, { resourceKey: 't${i}' })\n  show(@Param('id') id: number) {\n    return { id };\n  }`,
      `  @Get('/:id/items')\n  @Transformer(T${items}Transformer, { resourceKey: 't${items}' })\n  @Paginated({ cursor: true })\n  items(@Param('id') id: number) {\n    return [id];\n  }`,
      `  @Post('/')\n  @Transformer(T${i}Transformer, { resourceKey: 't${i}' })\n  create(@Body() body: Create${k}) {\n    return body;\n  }`,
      `  @Patch('/:id')\n  @Transformer(T${i}Transformer, { resourceKey: 't${i}' })\n  update(@Param('id') id: number, @Body() body: Create${k}) {\n    return { id, ...body };\n  }`,
    ].slice(0, left);
    write(
      `controllers/C${k}.ts`,
      [
        "import { Body, Get, JsonController, Param, Patch, Post } from 'routing-controllers';",
        "import { IsString } from 'class-validator';",
        `import { Filterable, Paginated, Sortable, Transformer } from '../${decorators}';`,
        `import { M${i} } from '../models';`,
        ...[...new Set([i, items])].map((j) => `import { T${j}Transformer } from '../transformers/T${j}';`),
        '',
        `export class Create${k} {`,
        '  @IsString()',
        '  name!: string;',
        '}',
        '',
        `@JsonController('/c${k}')`,
        `export class C${k}Controller {`,
        actions.join('\n\n'),
        '}',
        '',
      ].join('\n'),
    );
  }
  const names = Array.from({ length: controllers }, (_, k) => `C${k}Controller`);
  write(
    'app.ts',
    [
      "import 'reflect-metadata';",
      "import express from 'express';",
      `import { useApi } from '${src}';`,
      ...names.map((name, k) => `import { ${name} } from './controllers/C${k}';`),
      '',
      'export const app = express();',
      `useApi(app, { controllers: [${names.join(', ')}] });`,
      '',
    ].join('\n'),
  );
}
