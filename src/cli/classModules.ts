import path from 'node:path';

/** Where a class is exported from: the module file and the name it is exported under. */
export interface ClassModule {
  file: string;
  name: string;
}

/**
 * The loaded module that exports `value` (a class), found among the modules `require` has loaded:
 * the one exporting it under its own name, a file named after it first. Undefined when none does.
 *
 * @example
 * classModule(BookTransformer); // { file: '/app/src/transformers/BookTransformer.ts', name: 'BookTransformer' }
 */
export function classModule(value: unknown, modules: NodeJS.Dict<NodeJS.Module> = require.cache): ClassModule | undefined {
  let found: ClassModule | undefined;
  for (const [file, loaded] of Object.entries(modules)) {
    const exported = loaded?.exports as Record<string, unknown> | undefined;
    if (!exported || typeof exported !== 'object' || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    for (const [name, candidate] of Object.entries(exported)) {
      if (candidate !== value) continue;
      const own = path.basename(file).replace(/\.[cm]?[jt]s$/, '') === name;
      if (!found || own) found = { file, name };
      if (own) return found;
    }
  }
  return found;
}

/** The specifier of `file` imported from a module in `fromDir`: relative, without its extension. */
export function importSpecifier(fromDir: string, file: string): string {
  const relative = path
    .relative(fromDir, file.replace(/\.d\.ts$|\.[cm]?[jt]s$/, ''))
    .split(path.sep)
    .join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}
