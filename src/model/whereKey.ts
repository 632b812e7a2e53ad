/** Deeper wheres are not given a key: written every time, as before. */
const MAX_DEPTH = 16;

/**
 * A text that names a Sequelize `where` made only of plain objects, arrays, operators
 * (`Op.gt`, registered symbols) and plain values (strings, numbers, booleans, null, dates): two
 * wheres with the same key are the same condition, each value written with its type; and
 * `literal()`s, which are their text (a compiled filter is one). Undefined for anything else
 * (`fn()`, models, unregistered symbols, `undefined` values), which is written anew each time.
 *
 * @example
 * whereKey({ id: { [Op.gt]: 0 } }); // '{"id":{@"gt":d0}}'
 * whereKey({ id: '0' }) === whereKey({ id: 0 }); // false
 */
export function whereKey(where: unknown): string | undefined {
  return keyOf(where, 0);
}

function keyOf(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return `s${JSON.stringify(value)}`;
    case 'number':
      return `d${value}`;
    case 'boolean':
      return value ? 't' : 'f';
    case 'object':
      if (value === null) return 'n';
      if (depth >= MAX_DEPTH) return undefined;
      if (value instanceof Date) return `D${value.getTime()}`;
      if (Array.isArray(value)) return listKey(value, depth + 1);
      if (isLiteral(value)) return `L${JSON.stringify(value.val)}`;
      return isPlain(value) ? objectKey(value as Record<string | symbol, unknown>, depth + 1) : undefined;
    default:
      return undefined;
  }
}

function listKey(values: readonly unknown[], depth: number): string | undefined {
  let key = '[';
  for (const value of values) {
    const part = keyOf(value, depth);
    if (part === undefined) return undefined;
    key += `${part},`;
  }
  return `${key}]`;
}

function objectKey(value: Record<string | symbol, unknown>, depth: number): string | undefined {
  let key = '{';
  for (const name of Reflect.ownKeys(value)) {
    const part = keyOf(value[name], depth);
    if (part === undefined) return undefined;
    if (typeof name === 'string') {
      key += `${JSON.stringify(name)}:${part},`;
      continue;
    }
    // Sequelize's operators are registered symbols (`Symbol.for('gt')`): another symbol names nothing.
    const operator = Symbol.keyFor(name);
    if (operator === undefined) return undefined;
    key += `@${JSON.stringify(operator)}:${part},`;
  }
  return `${key}}`;
}

/** Sequelize's `literal()` (of whichever copy of Sequelize the app loaded): SQL written as it is. */
function isLiteral(value: object): value is { val: string } {
  return value.constructor?.name === 'Literal' && typeof (value as { val?: unknown }).val === 'string';
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
