import fs from 'node:fs';
import path from 'node:path';
import { resolveConfig } from '../config/resolveConfig';
import { ApiError } from '../errors/ApiError';
import { IncludeSpec, transformerSource } from './templates/transformerTemplate';
import { packageRoot } from './packageRoot';

export interface MakeTransformerOptions {
  includes?: string;
  force?: boolean;
  dir?: string;
  model?: string;
  from?: string;
  route?: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const usage = (reason: string) => new ApiError('RCA_CLI_USAGE', { reason });

/** `Author:author,Comment:comments:true` into include specs; anything else is a usage error. */
export function parseIncludeSpecs(text: string | undefined): IncludeSpec[] {
  if (!text) return [];
  return text.split(',').map((entry) => {
    const [model, relation, collection, ...rest] = entry.trim().split(':');
    if (!IDENTIFIER.test(model ?? '') || !IDENTIFIER.test(relation ?? '') || rest.length > 0 || (collection !== undefined && collection !== 'true')) {
      throw usage(`--includes entries are Model:relation or Model:relation:true, got "${entry}"`);
    }
    return { model: model[0].toUpperCase() + model.slice(1), relation, collection: collection === 'true' };
  });
}

/** An import path from `fromDir` to a file, without its extension, always starting with `.`. */
function importPath(fromDir: string, file: string): string {
  const relative = path.relative(fromDir, file).replace(/\\/g, '/').replace(/\.ts$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/**
 * Writes `<transformer.dir>/<Subject>Transformer.ts` (relative to the project, `cwd`) and answers
 * its path. Refuses to overwrite without `force`, and never writes into this package's own `src/`. Uses `src/models/<Subject>.ts` and existing `<Model>Transformer.ts` files
 * when they are there.
 */
export function makeTransformer(subjectArg: string, options: MakeTransformerOptions, cwd = process.cwd()): string {
  const subject = subjectArg.replace(/^[a-z]/, (c) => c.toUpperCase());
  if (!/^[A-Z][A-Za-z0-9]*$/.test(subject)) throw usage(`the subject must be a class name such as Book, got "${subjectArg}"`);
  const dir = path.resolve(cwd, options.dir ?? resolveConfig().transformer.dir);
  const file = path.join(dir, `${subject}Transformer.ts`);
  const ownSource = path.join(packageRoot(), 'src');
  if (file.startsWith(ownSource + path.sep)) {
    throw usage(`refusing to write ${path.relative(cwd, file)} into routing-controllers-api's own src/: run it in your project, or pass --dir`);
  }
  if (fs.existsSync(file) && !options.force) throw usage(`${path.relative(cwd, file)} exists; use --force to overwrite it`);
  const includes = parseIncludeSpecs(options.includes).map((spec) => {
    const existing = path.join(dir, `${spec.model}Transformer.ts`);
    return fs.existsSync(existing) ? { ...spec, transformerImport: importPath(dir, existing) } : spec;
  });
  const modelFile = options.model ? path.resolve(cwd, options.model) : path.resolve(cwd, 'src', 'models', `${subject}.ts`);
  const modelImport = fs.existsSync(modelFile) || fs.existsSync(`${modelFile}.ts`) ? importPath(dir, modelFile) : undefined;
  const routePrefix = options.route ?? `v1.${subject.toLowerCase()}s`;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, transformerSource({ subject, includes, modelImport, from: options.from ?? 'routing-controllers-api', routePrefix }));
  return path.relative(cwd, file);
}
