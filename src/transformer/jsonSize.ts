/** Nesting deeper than this is not measured further: transformer output is shallow. */
const MAX_DEPTH = 16;

/**
 * About how many bytes `value` takes as JSON: strings by their length, numbers as up to 8
 * characters, keys, quotes and separators counted. Functions (lazy fields) and `undefined` count
 * nothing: they are measured when the body is encoded. An estimate for stopping a response early;
 * the encoded body is measured exactly before it is sent.
 *
 * @example
 * jsonSize({ id: 1, title: 'Dune' }); // 31 (the JSON is 24 bytes)
 */
export function jsonSize(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return 8;
    case 'boolean':
      return 5;
    case 'object':
      if (value === null) return 4;
      if (depth >= MAX_DEPTH) return 2;
      if (value instanceof Date) return 26;
      return Array.isArray(value) ? arraySize(value, depth + 1) : objectSize(value as Record<string, unknown>, depth + 1);
    default:
      return 0;
  }
}

function arraySize(items: readonly unknown[], depth: number): number {
  let size = 2;
  for (const item of items) size += jsonSize(item, depth) + 1;
  return size;
}

function objectSize(fields: Record<string, unknown>, depth: number): number {
  let size = 2;
  for (const key in fields) size += fieldSize(key, fields[key], depth);
  return size;
}

/**
 * What one field of an object adds to its `jsonSize()`: its key, quotes, colon and comma, and its
 * value at `depth` (1 for a top-level object's fields).
 *
 * @example
 * 2 + fieldSize('id', 1, 1); // jsonSize({ id: 1 })
 */
export function fieldSize(key: string, value: unknown, depth: number): number {
  return key.length + 4 + jsonSize(value, depth);
}

/** A running estimate of JSON bytes, added to as the output is built (a byte budget's count). */
export interface ByteCount {
  bytes: number;
}
