/**
 * The three spellings of a name this library converts between: `created_at`, `createdAt`, `CreatedAt`.
 * One definition for response keys, sort keys, include names and include method names.
 *
 * @example
 * snakeCase('publishedAt'); // 'published_at'
 * camelCase('published_at'); // 'publishedAt'
 * pascalCase('latest_comment'); // 'LatestComment'
 */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

export function camelCase(name: string): string {
  return name.replace(/[_-]+([a-zA-Z0-9])/g, (_match, char: string) => char.toUpperCase());
}

export function pascalCase(name: string): string {
  const camel = camelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}
