/**
 * Keeps `visible` fields only (when any) and drops `hidden` ones; untouched when both are empty.
 *
 * @example
 * visibleFields({ id: 1, title: 'T', isbn: 'x' }, [], ['isbn']); // { id: 1, title: 'T' }
 */
export function visibleFields<T extends Record<string, unknown>>(payload: T, visible: readonly string[], hidden: readonly string[]): T {
  if (visible.length === 0 && hidden.length === 0) return payload;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(payload)) {
    if (visible.length > 0 && !visible.includes(key)) continue;
    if (hidden.includes(key)) continue;
    result[key] = payload[key];
  }
  return result as T;
}
