import 'reflect-metadata';
import { queries } from './queries';

/** One figure, and the baseline measured in the same run that it is read against. */
export interface BenchResult {
  key: string;
  label: string;
  value: number;
  baseline: number;
  unit: string;
}

const benches: Array<() => Promise<BenchResult[]>> = [queries];

/** npm run bench [-- --json]: every benchmark, as a table or as one JSON object. */
async function main(): Promise<void> {
  const results: BenchResult[] = [];
  for (const bench of benches) results.push(...(await bench()));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries(results.map((r) => [r.key, r.value]))));
    return;
  }
  console.log(`${'figure'.padEnd(48)}${'value'.padStart(12)}${'baseline'.padStart(12)}${'ratio'.padStart(10)}`);
  for (const r of results) {
    const ratio = r.baseline === 0 ? '-' : (r.value / r.baseline).toFixed(3);
    console.log(`${r.label.padEnd(48)}${String(r.value).padStart(12)}${String(r.baseline).padStart(12)}${ratio.padStart(10)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
