import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '../../src/client';
import { apiStateOf } from '../../src/context/appRegistry';
import { routeTableEntries, type ResourceRow } from '../../src/cli/routeTableEntries';
import { includeShapes } from '../../src/transformer/includeShapes';
import { snakeCase } from '../../src/text/caseStyles';
import type { RouteKinds, RouteTable } from '../../src/client';
import { routeTableText } from '../../src/cli/routeTableText';
import { DEVELOPMENT_KEY, tokenFor } from '../../example/auth';
import { SEEDED_USERS } from '../../example/seeders/004-callers';
import { onBothFrameworks } from '../functional/exampleServer';
import { describeTypes, mismatches, type Description } from './typeDescription';

const REPO = path.resolve(__dirname, '../..');

/** One request a test sends and the selection its type is computed for. */
interface Selection {
  name: string;
  route: string;
  type: string;
  include: string[];
  fields?: Record<string, string[]>;
}

/** The paths to depth 3 below `type`, found through each level's include shapes. */
function deepPath(resources: Map<string, ResourceRow>, type: string, depth = 3): string | undefined {
  const row = resources.get(type);
  if (!row) return undefined;
  for (const shape of includeShapes(row.transformer)) {
    if (depth === 1) return shape.name;
    const below = deepPath(resources, shape.type, depth - 1);
    if (below) return `${shape.name}.${below}`;
  }
  return undefined;
}

/** The selections of every typed GET route of the app: none, each include, depth 3, a fieldset, counts and an aggregate. */
function selectionsOf(app: unknown): Selection[] {
  const { routes, resources } = routeTableEntries(apiStateOf(app)!);
  const selections: Selection[] = [];
  for (const route of routes) {
    if (!route.key.startsWith('GET ') || !route.type || route.result === 'body') continue;
    const row = resources.get(route.type)!;
    const includes = route.includes ?? row.includes;
    const add = (name: string, include: string[], fields?: Record<string, string[]>) =>
      selections.push({ name: `${route.key} ${name}`, route: route.key, type: route.type!, include, fields });
    add('no include', []);
    for (const name of includes) add(name, [name]);
    const deep = deepPath(resources, route.type);
    if (deep && includes.includes(deep.split('.')[0])) add(deep, [deep]);
    const fields = Object.keys(row.transformer.schema ?? {})
      .filter((field) => field !== 'id')
      .slice(0, 2);
    if (includes[0]) add('fields', [includes[0]], { [route.type]: [...fields.map(snakeCase), includes[0]] });
    const collection = includeShapes(row.transformer).find((shape) => shape.kind === 'collection' && includes.includes(shape.name));
    if (collection) {
      const column = row.aggregates[collection.name]?.[0];
      add('counts', [`${collection.name}:count`, `${collection.name}:exists`, ...(column ? [`${collection.name}:max(${column})`] : [])]);
    }
  }
  return selections;
}

/** The TypeScript module naming each selection's result type, by index, over the table in `table` (a module path). */
function selectionTypes(selections: Selection[], table: string): string {
  const union = (names: string[]) => (names.length === 0 ? 'never' : names.map((name) => `'${name}'`).join(' | '));
  const lines = [`import type { Selected } from '${path.join(REPO, 'src/client')}';`, `import type { Routes } from '${table}';`, ''];
  selections.forEach((selection, index) => {
    const fields = selection.fields
      ? `{ ${Object.entries(selection.fields)
          .map(([type, names]) => `${type}: readonly [${names.map((name) => `'${name}'`).join(', ')}]`)
          .join('; ')} }`
      : 'unknown';
    lines.push(`export type S${index} = Selected<Routes, '${selection.type}', ${union(selection.include)}, ${fields}>;`);
  });
  return lines.join('\n');
}

const described = new Map<string, { selections: Selection[]; descriptions: Record<string, Description>; kinds: RouteKinds<RouteTable> }>();

for (const serializer of ['array', 'data-array', 'json-api'] as const) {
  onBothFrameworks(
    `types cannot lie: each selection's type against the server (${serializer})`,
    (app) => {
      before(function () {
        this.timeout(120_000);
        if (described.has(serializer)) return;
        const selections = selectionsOf(app().app);
        fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
        // The table of the running app, as rc-api client writes it, and its run-time part read back.
        const table = path.join(REPO, '.tmp', `routes-${serializer}.ts`);
        fs.writeFileSync(table, routeTableText(apiStateOf(app().app)!, table, { from: path.join(REPO, 'src/client') }).text);
        const file = path.join(REPO, '.tmp', `selections-${serializer}.ts`);
        const names = selections.map((_, index) => `S${index}`);
        const descriptions = describeTypes(file, selectionTypes(selections, table.replace(/\.ts$/, '')), names);
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { routeKinds: kinds } = require(table) as { routeKinds: RouteKinds<RouteTable> };
        described.set(serializer, { selections, descriptions, kinds });
      });

      it('every typed GET route, every selection, every caller: the keys, nulls, lists and values the type says, and no other', async function () {
        this.timeout(120_000);
        const { selections, descriptions, kinds } = described.get(serializer)!;
        expect(selections.length).to.be.greaterThan(30);
        const callers = [null, ...SEEDED_USERS];
        const found: string[] = [];
        let checked = 0;
        for (const caller of callers) {
          const token = caller && (await tokenFor(caller, DEVELOPMENT_KEY));
          const client = createClient<RouteTable>({ baseUrl: app().url, routes: kinds, headers: token ? { authorization: `Bearer ${token}` } : {} });
          for (const [index, selection] of selections.entries()) {
            const [, routePath] = selection.route.split(' ');
            const call = client.get as (path: string, options: object) => Promise<{ ok: boolean; status: number; data: unknown }>;
            const res = await call(routePath, { params: { id: 1 }, include: selection.include, fields: selection.fields });
            expect(res.ok, `${selection.name} as ${caller?.role ?? 'anonymous'}: ${res.status}`).to.equal(true);
            const items = Array.isArray(res.data) ? res.data : [res.data];
            for (const item of items.slice(0, 5)) {
              checked++;
              for (const problem of mismatches(item, descriptions[`S${index}`])) found.push(`${selection.name} as ${caller?.role ?? 'anonymous'}: ${problem}`);
            }
          }
        }
        expect(found.slice(0, 20), `${found.length} mismatches over ${checked} resources`).to.deep.equal([]);
        expect(checked).to.be.greaterThan(200);
      });
    },
    { serializer },
  );
}
