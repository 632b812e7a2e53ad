import fs from 'node:fs';
import path from 'node:path';
import { apiStateOf } from '../context/appRegistry';
import { openApiDocument } from '../openapi/docsController';
import { appModule, loadApp } from './loadApp';

export interface OpenApiCommandOptions {
  app?: string;
  out?: string;
  title?: string;
  apiVersion?: string;
}

/**
 * `rc-api openapi`: the OpenAPI 3.1 document of an app, written to `--out` or printed. The title
 * and version default to the project's package.json.
 */
export async function openApiCommand(options: OpenApiCommandOptions, write: (text: string) => void, cwd = process.cwd()): Promise<void> {
  const app = await loadApp(appModule(options.app, cwd));
  const manifest = path.join(cwd, 'package.json');
  const pkg = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; version?: string }) : {};
  const document = openApiDocument({ title: options.title ?? pkg.name, version: options.apiVersion ?? pkg.version }, apiStateOf(app));
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (!options.out) return write(text);
  fs.writeFileSync(path.resolve(cwd, options.out), text);
  write(`Wrote ${options.out}: ${Object.keys(document.paths as object).length} paths\n`);
}
