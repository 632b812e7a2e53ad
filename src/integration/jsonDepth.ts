const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * True when JSON text nests arrays and objects deeper than `max`. One pass over the characters,
 * no recursion and no parse: a 4 KB body of 2,000 brackets is refused before anything walks it.
 *
 * @example
 * exceedsDepth('{"a":[[1]]}', 2); // true
 */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(char)) {
      depth--;
    }
  }
  return false;
}
