import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { BenchResult } from './run';
import { TypesAppShape, writeTypesApp } from './typesApp';
import { callsFile } from './typesCalls';
import { check, compilers } from './typesCompiler';

/** This repository: bench/ runs from its sources (ts-node) or from dist/bench. */
const REPO = fs.existsSync(path.join(__dirname, '..', 'package.json')) ? path.resolve(__dirname, '..') : path.resolve(__dirname, '..', '..');
const WORK = path.join(REPO, '.tmp', 'types-bench');
/** Calls in the client file each app is checked with. */
const CALLS = 100;
/** The apps measured: 10, 100 and 1,000 routes over 20 and 200 transformers. */
const SHAPES: TypesAppShape[] = [
  { routes: 10, transformers: 20 },
  { routes: 100, transformers: 20 },
  { routes: 100, transformers: 200 },
  { routes: 1000, transformers: 200 },
];

/**
 * Compiles the app to JavaScript beside its sources, the toolkit imported from `toolkit`: dist/
 * (the bench's build), or the repository's TypeScript sources for a process that registers ts-node.
 */
function transpileApp(dir: string, toolkit: string): void {
  const dist = toolkit;
  const walk = (folder: string): string[] =>
    fs
      .readdirSync(folder, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)]));
  for (const file of walk(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.gen.ts') && !path.basename(name).startsWith('calls'))) {
    const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        experimentalDecorators: true,
        emitDecoratorMetadata: true,
        esModuleInterop: true,
      },
    });
    const toDist = (folder: string) => path.relative(path.dirname(file), path.join(dist, folder)).split(path.sep).join('/');
    fs.writeFileSync(
      file.replace(/\.ts$/, '.js'),
      outputText.replace(/require\("((?:\.\.\/)+)(src|decorators)"\)/g, (_, _up: string, folder: string) => `require("${toDist(folder)}")`),
    );
  }
}

/** Loads the app in a process of its own and times writing its route table. */
function generate(dir: string, toolkit: string, nodeArgs: string[]): { seconds: number; bytes: number; routes: number } {
  const script = `
    require('reflect-metadata');
    const { app } = require(${JSON.stringify(path.join(dir, 'app.js'))});
    const { apiStateOf } = require(${JSON.stringify(path.join(toolkit, 'src/context/appRegistry'))});
    const { routeTableText } = require(${JSON.stringify(path.join(toolkit, 'src/cli/routeTableText'))});
    const out = ${JSON.stringify(path.join(dir, 'client.gen.ts'))};
    const start = process.hrtime.bigint();
    const { text, routes } = routeTableText(apiStateOf(app), out, { from: '../../../src/client' });
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    require('node:fs').writeFileSync(out, text);
    console.log(JSON.stringify({ seconds, bytes: Buffer.byteLength(text), routes }));
  `;
  return JSON.parse(execFileSync(process.execPath, [...nodeArgs, '-e', script], { cwd: REPO, encoding: 'utf8' })) as {
    seconds: number;
    bytes: number;
    routes: number;
  };
}

/** What one synthetic app measured: its table's generation, and per compiler the 100 calls' cost. */
export interface TypesAppFigures {
  generated: { seconds: number; bytes: number; routes: number };
  compilers: Array<{ suffix: string; perCall: number; addedSeconds: number; ts2589: number; errors: string[] }>;
}

/**
 * Writes the app of `shape`, generates its route table in a process of its own (the toolkit from
 * dist/, or from the sources through ts-node with `fromSources`), and type-checks 100 calls over it
 * with each compiler: instantiations a call (deterministic), check time added (the median of
 * `runs`), TS2589s, and every other error (the app and its calls must compile).
 */
export function measureTypesApp(shape: TypesAppShape, { fromSources = false, runs = 3 } = {}): TypesAppFigures {
  const dir = path.join(WORK, `${shape.routes}-${shape.transformers}`);
  writeTypesApp(dir, REPO, shape);
  const toolkit = fromSources ? REPO : path.join(REPO, 'dist');
  transpileApp(dir, path.join(toolkit));
  const generated = generate(dir, toolkit, fromSources ? ['-r', 'ts-node/register/transpile-only'] : []);
  fs.writeFileSync(path.join(dir, 'calls0.ts'), 'export {};\n');
  fs.writeFileSync(path.join(dir, 'calls.ts'), callsFile(shape, CALLS));
  const figures: TypesAppFigures = { generated, compilers: [] };
  for (const [suffix, compiler] of compilers(REPO)) {
    const checks = Array.from({ length: runs }, () => [
      check(compiler, dir, ['app.ts', 'client.gen.ts', 'calls0.ts'], `base${suffix}`),
      check(compiler, dir, ['app.ts', 'client.gen.ts', 'calls.ts'], `calls${suffix}`),
    ]);
    const [base, withCalls] = checks[0];
    const added = checks.map(([without, withThem]) => withThem.checkSeconds - without.checkSeconds).sort((a, b) => a - b)[Math.floor(runs / 2)];
    figures.compilers.push({
      suffix,
      perCall: (withCalls.instantiations - base.instantiations) / CALLS,
      addedSeconds: added,
      ts2589: withCalls.errors.filter((code) => code === 'error TS2589').length,
      errors: [...base.errors, ...withCalls.errors.filter((code) => code !== 'error TS2589')],
    });
  }
  return figures;
}

/**
 * `npm run bench -- --only=types`: synthetic apps of 10, 100 and 1,000 routes over 20 and 200
 * transformers; for each, its route table is generated (timed, sized) and a client file of 100
 * calls type-checked against it: the compiler's instantiations and check time with the calls
 * over without them, and any TS2589 (or other error: the calls must compile).
 */
export function types(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const ts2589 = new Map<string, number>();
  for (const shape of SHAPES) {
    const label = `${shape.routes} routes, ${shape.transformers} transformers`;
    const big = shape.routes === 1000;
    const { generated, compilers: measured } = measureTypesApp(shape, { runs: big ? 3 : 1 });
    if (big) {
      results.push(
        {
          key: 'types_generate_seconds_1000_routes',
          label: `route table generation, ${label} (target <= 5)`,
          value: generated.seconds,
          baseline: 5,
          unit: 's',
          detail: `${generated.routes} routes`,
        },
        {
          key: 'types_bytes_per_route',
          label: `route table bytes per route, ${label} (target <= 200)`,
          value: generated.bytes / generated.routes,
          baseline: 200,
          unit: 'B',
          detail: `${generated.bytes} bytes`,
        },
      );
    }
    for (const { suffix, perCall, addedSeconds, ts2589: found, errors } of measured) {
      if (errors.length > 0) throw new Error(`types bench (${label}${suffix}): the app or its calls do not compile: ${errors.slice(0, 5).join(', ')}`);
      const compiler = suffix ? 'TypeScript 7' : 'TypeScript 5.9';
      const detail = `${label}, ${compiler}: ${perCall.toFixed(0)} instantiations a call, ${addedSeconds.toFixed(2)} s added by ${CALLS} calls, ${found} TS2589`;
      console.error(`types bench: ${detail}`);
      ts2589.set(suffix, (ts2589.get(suffix) ?? 0) + found);
      if (!big) continue;
      results.push(
        {
          key: `types_instantiations_per_call${suffix}`,
          label: `instantiations per call, ${label}, ${compiler} (target <= 3,000)`,
          value: perCall,
          baseline: 3000,
          unit: '',
          detail,
        },
        {
          key: `types_check_seconds_100_calls${suffix}`,
          label: `check time added by ${CALLS} calls, ${label}, ${compiler} (target <= 2)`,
          value: addedSeconds,
          baseline: 2,
          unit: 's',
          detail,
        },
      );
    }
  }
  for (const [suffix, found] of ts2589) {
    results.push({
      key: `types_ts2589${suffix}`,
      label: `TS2589 over the ${SHAPES.length} apps' calls, ${suffix ? 'TypeScript 7' : 'TypeScript 5.9'} (target 0)`,
      value: found,
      baseline: 0,
      unit: '',
    });
  }
  return Promise.resolve(results);
}
