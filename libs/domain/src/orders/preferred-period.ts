/**
 * An order's preferred delivery period: one of the transport time slots (SPEC.md §4 "Transport time
 * slots are 1 to 4", §9 "14-16, 16-18, 18-20, and a late slot written either 20- or 19-21"), or
 * none (0). Stored and sent as the code; documents, CSV files and the console show the label.
 */
export const PREFERRED_PERIOD = {
  none: 0,
  from14To16: 1,
  from16To18: 2,
  from18To20: 3,
  /** The late slot, written 20- by some and 19-21 by others (two readings of one slot); shown as 19-21. */
  late: 4,
} as const;

export type PreferredPeriod = (typeof PREFERRED_PERIOD)[keyof typeof PREFERRED_PERIOD];

export const PREFERRED_PERIODS = Object.values(PREFERRED_PERIOD) as PreferredPeriod[];

export const PREFERRED_PERIOD_MIN = PREFERRED_PERIOD.none;
export const PREFERRED_PERIOD_MAX = PREFERRED_PERIOD.late;

export const PREFERRED_PERIOD_NAMES: Readonly<Record<PreferredPeriod, keyof typeof PREFERRED_PERIOD>> = Object.fromEntries(
  Object.entries(PREFERRED_PERIOD).map(([name, code]) => [code, name]),
) as Record<PreferredPeriod, keyof typeof PREFERRED_PERIOD>;

/** The Japanese labels, as the console shows them and as order sheets and CSV files print them. */
export const PREFERRED_PERIOD_LABELS_JA: Readonly<Record<PreferredPeriod, string>> = {
  [PREFERRED_PERIOD.none]: '指定なし',
  [PREFERRED_PERIOD.from14To16]: '14-16時',
  [PREFERRED_PERIOD.from16To18]: '16-18時',
  [PREFERRED_PERIOD.from18To20]: '18-20時',
  [PREFERRED_PERIOD.late]: '19-21時',
};

export function isPreferredPeriod(value: unknown): value is PreferredPeriod {
  return typeof value === 'number' && (PREFERRED_PERIODS as number[]).includes(value);
}

/** A code's Japanese label; a code this table does not know is printed as it is rather than hidden. */
export function preferredPeriodLabel(code: number): string {
  return isPreferredPeriod(code) ? PREFERRED_PERIOD_LABELS_JA[code] : String(code);
}

/**
 * How a written period is read (readPreferredPeriod), as data: the migration that turned the free
 * text into codes (migrations/src/1763910000000-preferred-period-codes.ts) does the same steps in
 * SQL, and its test checks both read the same texts alike.
 *
 * 1. `translate`: full-width digits and colon become ASCII; every dash, tilde or wave dash written
 *    between two hours becomes `-` (ー, the long-vowel mark, is typed for a dash often enough); ASCII
 *    capitals become small letters (NONE = none).
 * 2. `spaces` are dropped (half- and full-width, tabs, line breaks, no-break space).
 * 3. `dropped`: 時 and `:00` say nothing more than the hour itself (14時 = 14:00 = 14).
 * 4. `open`: から ("from"), 以降 and 以後 ("and later") become `-` (20時以降 = 20-, 14時から16時 = 14-16).
 * 5. The result is looked up in `readings`.
 */
export const PREFERRED_PERIOD_READING = {
  translate: { from: '０１２３４５６７８９：－−‐‑‒–—―ー～〜~ABCDEFGHIJKLMNOPQRSTUVWXYZ', to: '0123456789:------------abcdefghijklmnopqrstuvwxyz' },
  spaces: /[ \t\r\n\u00a0\u3000]/g,
  dropped: /時|:00/g,
  open: /から|以降|以後/g,
  readings: new Map<string, PreferredPeriod>([
    ['', PREFERRED_PERIOD.none],
    ['指定なし', PREFERRED_PERIOD.none],
    ['指定無し', PREFERRED_PERIOD.none],
    ['なし', PREFERRED_PERIOD.none],
    ['無し', PREFERRED_PERIOD.none],
    ['none', PREFERRED_PERIOD.none],
    ['14-16', PREFERRED_PERIOD.from14To16],
    ['16-18', PREFERRED_PERIOD.from16To18],
    ['18-20', PREFERRED_PERIOD.from18To20],
    ['19-21', PREFERRED_PERIOD.late],
    ['20-', PREFERRED_PERIOD.late],
  ]) as ReadonlyMap<string, PreferredPeriod>,
} as const;

/** A text as readPreferredPeriod looks it up (steps 1–4 above). */
export function normalizePeriodText(text: string): string {
  const { translate, spaces, dropped, open } = PREFERRED_PERIOD_READING;
  const translated = [...text].map((c) => {
    const at = translate.from.indexOf(c);
    return at < 0 ? c : translate.to[at];
  });
  return translated.join('').replace(spaces, '').replace(dropped, '').replace(open, '-');
}

/**
 * The slot a written period names ("14-16", "14～16", "１４時－１６時", "14:00–16:00", "20-", "20時以降",
 * "19-21", the labels themselves), 0 for an empty text or "指定なし", null when it names no slot
 * ("午前中", "14-15"): such a text is not guessed at.
 */
export function readPreferredPeriod(text: string | null | undefined): PreferredPeriod | null {
  if (text === null || text === undefined) return PREFERRED_PERIOD.none;
  return PREFERRED_PERIOD_READING.readings.get(normalizePeriodText(text)) ?? null;
}
