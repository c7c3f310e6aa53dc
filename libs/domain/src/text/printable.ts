import { PRINTABLE_RUNS } from './printable-ranges';

/**
 * Text that goes onto paper (order sheets, labels, estimates, invoices) must be drawable by the
 * documents' font: a character it lacks prints as an empty box (emoji, most symbols outside JIS,
 * private-use characters, control characters), and the maker reads a wrong address. The table is
 * generated from the font itself (printable-ranges.ts).
 */
let starts: Uint32Array | undefined;
let ends: Uint32Array | undefined;

function table(): [Uint32Array, Uint32Array] {
  if (!starts || !ends) {
    const runs = PRINTABLE_RUNS.split(',');
    starts = new Uint32Array(runs.length);
    ends = new Uint32Array(runs.length);
    let previousEnd = 0;
    runs.forEach((run, i) => {
      const [gap, length] = run.split('.').map((n) => parseInt(n, 36));
      starts![i] = previousEnd + gap;
      ends![i] = starts![i] + length;
      previousEnd = ends![i];
    });
  }
  return [starts, ends];
}

function drawable(codePoint: number): boolean {
  const [s, e] = table();
  let low = 0;
  let high = s.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (codePoint < s[mid]) high = mid - 1;
    else if (codePoint > e[mid]) low = mid + 1;
    else return true;
  }
  return false;
}

const LINE_BREAKS = new Set(['\n', '\r']);

/**
 * The distinct characters of `text` the documents' font cannot print, in order of appearance (at most
 * `limit`). Line breaks count as printable only where the field is several lines (`multiline`).
 */
/** Printable ASCII, which the font draws: most codes and many names are only that. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function unprintableCharacters(text: string, options: { multiline?: boolean; limit?: number } = {}): string[] {
  if (PRINTABLE_ASCII.test(text)) return [];
  const found: string[] = [];
  for (const character of text) {
    if (options.multiline && LINE_BREAKS.has(character)) continue;
    if (drawable(character.codePointAt(0)!) || found.includes(character)) continue;
    found.push(character);
    if (found.length >= (options.limit ?? 5)) break;
  }
  return found;
}

export function isPrintable(text: string, options: { multiline?: boolean } = {}): boolean {
  return unprintableCharacters(text, { ...options, limit: 1 }).length === 0;
}
