import { includesOf, TypesAppShape } from './typesApp';

/** The client file of `calls` typed calls over the app's routes: pages with three includes to depth 3 and fields, items, cursor pages, creates. */
export function callsFile({ routes, transformers: n }: TypesAppShape, calls: number): string {
  const lines = [
    "import { createClient } from '../../../src/client';",
    "import { routeKinds, type Routes } from './client.gen';",
    '',
    "const client = createClient<Routes>({ baseUrl: 'http://localhost', routes: routeKinds });",
    'const seen: unknown[] = [];',
    '',
    'export async function run() {',
  ];
  const controllers = Math.ceil(routes / 5);
  for (let c = 0; c < calls; c++) {
    const k = c % controllers;
    const i = k % n;
    const kind = Math.min(c % 4, Math.min(5, routes - k * 5) - 1);
    if (kind === 0) {
      lines.push(
        `  const r${c} = await client.get('/c${k}', { include: ['next.other.items', 'items:limit(2)', 'other.next', 'items:count'], fields: { t${i}: ['name', 'next', 'other', 'items'] }, sort: ['-name'], filter: { name: { contains: 'a' }, 'next.name': 'x', score: { gte: 1 } } });`,
        `  if (r${c}.ok) seen.push(r${c}.data[0].next?.other?.items.data[0].name, r${c}.data[0].items_count, r${c}.meta.pagination.total);`,
      );
    } else if (kind === 1) {
      lines.push(
        `  const r${c} = await client.get('/c${k}/{id}', { params: { id: ${c} }, include: ['next.next.next', 'items.other'] });`,
        `  if (r${c}.ok) seen.push(r${c}.data.next?.next?.next?.name, r${c}.data.items.data[0].other?.score);`,
      );
    } else if (kind === 2) {
      const { items } = includesOf(i, n);
      lines.push(
        `  const r${c} = await client.get('/c${k}/{id}/items', { params: { id: ${c} }, include: ['next'], fields: { t${items}: ['name', 'next'] } });`,
        `  if (r${c}.ok) seen.push(r${c}.data[0].next?.created, r${c}.meta.cursor.next);`,
      );
    } else {
      lines.push(`  const r${c} = await client.post('/c${k}', { body: { name: 'x' } });`, `  if (r${c}.ok) seen.push(r${c}.data.id);`);
    }
  }
  lines.push('  return seen;', '}', '');
  return lines.join('\n');
}
