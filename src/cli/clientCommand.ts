import fs from 'node:fs';
import path from 'node:path';
import { apiStateOf } from '../context/appRegistry';
import { appModule, loadApp } from './loadApp';
import { DEFAULT_TYPE_DEPTH, routeTableText } from './routeTableText';

export interface ClientCommandOptions {
  app?: string;
  out: string;
  check?: boolean;
  depth?: string;
  from?: string;
}

/**
 * `rc-api client --out <file>`: writes the app's route table for the typed client. With `--check`,
 * writes nothing and answers 1 when the file is missing or would change (for CI).
 */
export async function clientCommand(options: ClientCommandOptions, write: (text: string) => void, cwd = process.cwd()): Promise<number> {
  const app = await loadApp(appModule(options.app, cwd));
  const out = path.resolve(cwd, options.out);
  const { text, routes } = routeTableText(apiStateOf(app)!, out, { depth: options.depth ? Number(options.depth) : DEFAULT_TYPE_DEPTH, from: options.from });
  if (options.check) {
    const current = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : null;
    if (current === text) {
      write(`${options.out} is up to date (${routes} routes)\n`);
      return 0;
    }
    write(`${options.out} is ${current === null ? 'missing' : 'stale'}: run rc-api client --out ${options.out}\n`);
    return 1;
  }
  fs.writeFileSync(out, text);
  write(`Wrote ${options.out}: ${routes} routes, ${Buffer.byteLength(text)} bytes\n`);
  return 0;
}
