import { camelCase } from './caseStyles';

/** Names compare in any spelling: `published_at`, `publishedAt` and `PublishedAt` are one field. */
const spellings = new Map<string, string>();

/** The one spelling a field name is compared in (cached: field names come from code, a few dozen). */
export function fieldKey(name: string): string {
  let key = spellings.get(name);
  if (key === undefined) {
    key = camelCase(name).toLowerCase();
    if (spellings.size < 10_000) spellings.set(name, key);
  }
  return key;
}
