import 'reflect-metadata';
import { atomicWrites } from './atomicWrites';
import { big } from './big';
import { internalCall } from './internalCall';
import { internalGarbage } from './internalGarbage';
import { jsonApiPeer } from './jsonApiPeer';
import { queries } from './queries';
import { refusals } from './refusals';
import { throughput } from './throughput';
import { transform } from './transform';
import { types } from './types';

/** One figure, and the baseline measured in the same run that it is read against. */
export interface BenchResult {
  key: string;
  label: string;
  value: number;
  baseline: number;
  unit: string;
  /** Raw figures behind a ratio, for the table. */
  detail?: string;
}

const benches: Record<string, () => Promise<BenchResult[]>> = {
  transform,
  jsonApiPeer,
  queries,
  internalCall,
  internalGarbage,
  refusals,
  atomicWrites,
  throughput,
  types,
};

/**
 * npm run bench [-- --json] [-- --big] [-- --only=throughput,transform]: every benchmark (or the
 * ones named), as a table or as one JSON object; --big adds the production-size one.
 * `npm run bench:postgres` runs the same with the database benches on PostgreSQL too.
 */
async function main(): Promise<void> {
  const results: BenchResult[] = [];
  const only = process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const named = process.argv.includes('--big') ? { ...benches, big } : benches;
  const all = Object.entries(named)
    .filter(([name]) => !only || only.includes(name))
    .map(([, bench]) => bench);
  for (const bench of all) results.push(...(await bench()));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries(results.map((r) => [r.key, r.value]))));
    return;
  }
  console.log(`${'figure'.padEnd(64)}${'value'.padStart(10)}${'baseline'.padStart(10)}${'ratio'.padStart(9)}  detail`);
  for (const r of results) {
    const ratio = r.baseline === 0 ? '-' : (r.value / r.baseline).toFixed(3);
    const value = Number.isInteger(r.value) ? String(r.value) : r.value.toFixed(2);
    console.log(`${r.label.padEnd(64)}${value.padStart(10)}${String(r.baseline).padStart(10)}${ratio.padStart(9)}  ${r.detail ?? ''}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
