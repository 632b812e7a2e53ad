import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type RouteKinds, type RouteTable } from '../../src/client';
import { apiStateOf } from '../../src/context/appRegistry';
import { routeTableText } from '../../src/cli/routeTableText';
import { startFixture } from '../fixture/app';
import { describeTypes, mismatches } from './typeDescription';

const REPO = path.resolve(__dirname, '../..');

/**
 * A transformer's default includes are sent unasked: the types say so too (the fixture's
 * FeaturedBookTransformer sends its author and comments with every book), in both envelopes.
 */
for (const serializer of ['array', 'json-api'] as const) {
  for (const framework of ['express', 'koa'] as const) {
    describe(`the typed client: default includes (${serializer}) [${framework}]`, function () {
      this.timeout(120_000);

      it('types and nests the includes a transformer sends unasked, and what the call asks below them', async () => {
        const running = await startFixture(framework, { serializer });
        try {
          fs.mkdirSync(path.join(REPO, '.tmp'), { recursive: true });
          const table = path.join(REPO, '.tmp', `routes-fixture-${serializer}.ts`);
          const { text } = routeTableText(apiStateOf(running.app)!, table, { from: path.join(REPO, 'src/client') });
          fs.writeFileSync(table, text);
          expect(text).to.match(/^ {4}featured: T<FeaturedBookTransformer, never, \{ defaults: 'author' \| 'comments' \}>;$/m);
          const source = [
            `import type { Selected } from '${path.join(REPO, 'src/client')}';`,
            `import type { Routes } from '${table.replace(/\.ts$/, '')}';`,
            "export type Plain = Selected<Routes, 'featured', never, unknown>;",
            '',
          ].join('\n');
          const { Plain } = describeTypes(path.join(REPO, '.tmp', `featured-${serializer}.ts`), source, ['Plain']);
          expect(Plain.kind === 'object' && Object.keys(Plain.members)).to.include.members(['author', 'comments']);
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          const { routeKinds } = require(table) as { routeKinds: RouteKinds<RouteTable> };
          const client = createClient<RouteTable>({ baseUrl: running.url, routes: routeKinds });
          const res = await (client.get as (path: string, options: object) => Promise<{ ok: boolean; status: number; data: unknown }>)('/v1/featured/{id}', {
            params: { id: 1 },
          });
          expect(res.ok, String(res.status)).to.equal(true);
          expect(res.data).to.have.property('author');
          expect(mismatches(res.data, Plain)).to.deep.equal([]);
        } finally {
          await running.close();
        }
      });
    });
  }
}
