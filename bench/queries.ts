import { Book } from '../example/models';
import { benchDatabase, benchServer, BenchTarget, benchTargets, countStatements } from './exampleHarness';
import type { BenchResult } from './run';

const INCLUDE = 'author,publisher,comments:limit(3|0):sort(created_at|desc)';

/**
 * SQL statements for GET /v1/books?include=author,publisher,comments at 5 and 100 books a page,
 * beside the per-parent baseline: the same page with each relation loaded book by book.
 */
export async function queries(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const target of benchTargets()) results.push(...(await queriesOn(target)));
  return results;
}

async function queriesOn(target: BenchTarget): Promise<BenchResult[]> {
  const suffix = target.name === 'sqlite' ? '' : `_${target.name}`;
  const on = target.name === 'sqlite' ? '' : ` (${target.name})`;
  const db = await benchDatabase(target);
  const server = await benchServer();
  try {
    const page = (perPage: number) => countStatements(db, () => fetch(`${server.url}/v1/books?per_page=${perPage}&include=${INCLUDE}`).then((r) => r.text()));
    const page5 = await page(5);
    const page100 = await page(100);
    const naive100 = await countStatements(db, async () => {
      const { rows } = await Book.findAndCountAll({ limit: 100, offset: 0, order: [['createdAt', 'DESC']] });
      for (const book of rows) {
        await book.$get('author');
        await book.$get('publisher');
        await book.$get('comments', { limit: 3, order: [['createdAt', 'DESC']] });
      }
    });
    const btmPage = (perPage: number) => countStatements(db, () => fetch(`${server.url}/v1/books?per_page=${perPage}&include=genres`).then((r) => r.text()));
    const btm5 = await btmPage(5);
    const btm100 = await btmPage(100);
    const naiveBtm100 = await countStatements(db, async () => {
      const { rows } = await Book.findAndCountAll({ limit: 100, offset: 0, order: [['createdAt', 'DESC']] });
      for (const book of rows) await book.$get('genres', { limit: 3, order: [['createdAt', 'DESC']] });
    });
    return [
      {
        key: `queries_btm_page5${suffix}`,
        label: `statements, include=genres (belongs-to-many), 5 a page${on}`,
        value: btm5,
        baseline: naiveBtm100,
        unit: 'statements',
      },
      { key: `queries_btm_page100${suffix}`, label: `statements, include=genres, 100 a page${on}`, value: btm100, baseline: naiveBtm100, unit: 'statements' },
      { key: `queries_page5${suffix}`, label: `statements, 5 books a page${on}`, value: page5, baseline: naive100, unit: 'statements' },
      { key: `queries_page100${suffix}`, label: `statements, 100 books a page${on}`, value: page100, baseline: naive100, unit: 'statements' },
      {
        key: `queries_naive_page100${suffix}`,
        label: `statements, per-parent baseline, 100 a page${on}`,
        value: naive100,
        baseline: naive100,
        unit: 'statements',
      },
    ];
  } finally {
    await server.close();
    await db.close();
  }
}
