/**
 * True when `text` holds more than `max` characters, counted as JSON Schema's `maxLength` counts them
 * (code points: an emoji is one, not two UTF-16 units). Text no longer than `max` in UTF-16 units is
 * not walked at all.
 *
 * @example
 * longerThan('😀'.repeat(64), 64); // false (128 UTF-16 units, 64 characters)
 */
export function longerThan(text: string, max: number): boolean {
  return text.length > max && Array.from(text).length > max;
}
