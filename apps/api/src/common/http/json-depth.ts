/** Deeper than any body the API takes (an order's lines are three levels down). */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep the JSON text nests, counted on the raw bytes before parsing: one pass, no recursion, so a
 * body of a million `[` cannot overflow the stack of the parser's callers (the key conversion walks
 * the parsed body recursively). Brackets inside strings do not count. Stops at `max` + 1.
 */
export function jsonDepthExceeds(raw: Buffer, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === 0x5c) i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > max) return true;
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--;
    }
  }
  return false;
}
