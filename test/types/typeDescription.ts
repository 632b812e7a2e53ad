import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** What a type says of a value, as far as JSON can show it: its kinds, its members, whether it may be null. */
export type Description =
  | { kind: 'value'; nullable: boolean; types: string[] }
  | { kind: 'array'; nullable: boolean; element: Description }
  | { kind: 'object'; nullable: boolean; members: Record<string, { optional: boolean; type: Description }> };

/**
 * The descriptions of the exported type aliases of `source` (a module written to `file`), read by
 * the TypeScript checker: the types a caller sees, turned into data a test can check responses with.
 */
export function describeTypes(file: string, source: string, names: string[]): Record<string, Description> {
  fs.writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    esModuleInterop: true,
    types: ['node'],
  });
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName === path.resolve(file));
  if (errors.length > 0) throw new Error(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const exported = new Map(checker.getExportsOfModule(module).map((symbol) => [symbol.name, symbol]));
  return Object.fromEntries(names.map((name) => [name, describe(checker, checker.getDeclaredTypeOfSymbol(exported.get(name)!), 0)]));
}

function describe(checker: ts.TypeChecker, type: ts.Type, depth: number): Description {
  const members = type.isUnion() ? type.types : [type];
  const nullable = members.some((member) => member.flags & ts.TypeFlags.Null);
  const present = members.filter((member) => !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
  const array = present.find((member) => checker.isArrayType(member) || checker.isTupleType(member));
  if (array) return { kind: 'array', nullable, element: describe(checker, checker.getTypeArguments(array as ts.TypeReference)[0], depth + 1) };
  const object = present.find((member) => member.flags & ts.TypeFlags.Object && checker.getPropertiesOfType(member).length > 0);
  if (object && depth < 8) {
    const described: Record<string, { optional: boolean; type: Description }> = {};
    for (const property of checker.getPropertiesOfType(object)) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      described[property.name] = { optional, type: describe(checker, checker.getTypeOfSymbol(property), depth + 1) };
    }
    return { kind: 'object', nullable, members: described };
  }
  const types = [...new Set(present.map((member) => primitive(member)))];
  return { kind: 'value', nullable, types };
}

function primitive(type: ts.Type): string {
  if (type.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral | ts.TypeFlags.TemplateLiteral)) return 'string';
  if (type.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return 'number';
  if (type.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return 'boolean';
  return 'unknown';
}

/**
 * Where `value` does not match `description` (a path and what is wrong), or an empty list: a member
 * it requires is missing, a member it does not know is there, a null where it allows none, a list
 * where it says one, a number where it says a string.
 */
export function mismatches(value: unknown, description: Description, at = '$'): string[] {
  if (value === null) return description.nullable ? [] : [`${at}: null, not nullable`];
  if (description.kind === 'array') {
    if (!Array.isArray(value)) return [`${at}: ${typeof value}, not a list`];
    return value.slice(0, 3).flatMap((item, index) => mismatches(item, description.element, `${at}[${index}]`));
  }
  if (description.kind === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) return [`${at}: ${Array.isArray(value) ? 'a list' : typeof value}, not an object`];
    const found: string[] = [];
    const record = value as Record<string, unknown>;
    for (const [name, member] of Object.entries(description.members)) {
      if (record[name] === undefined) {
        if (!member.optional) found.push(`${at}.${name}: missing`);
      } else {
        found.push(...mismatches(record[name], member.type, `${at}.${name}`));
      }
    }
    for (const name of Object.keys(record)) if (!(name in description.members)) found.push(`${at}.${name}: not in the type`);
    return found;
  }
  const kind = typeof value;
  return description.types.includes('unknown') || description.types.includes(kind) ? [] : [`${at}: ${kind}, the type says ${description.types.join(' | ')}`];
}
