import type { DateText } from '../text/dates';

/**
 * Dates in the Japanese era (和暦), as bank files write them (issue 13). 全銀 files carry `YYMMDD`:
 * the year within the era in two digits and no era at all, so the era is inferred:
 *
 * - `YY` in an era is its year (元年 = 01); the era is the newest one in which the date is neither
 *   later than a year after `today` (a bank writes dates of the past, and a value date may be a
 *   little ahead, never decades to come) nor before the era began: `310430` read in 2026 is
 *   平成31年 (2019-04-30), not 令和31年 (2049); `010430` is 平成元年 (1989-04-30), since 令和 began on
 *   2019-05-01;
 * - the date must then exist in that era: `080230` and `080229` (2026 has no 29 February) are
 *   refused, not read as 平成8年 (1996 had one): a day the bank cannot have meant is an error, and
 *   falling back to an older era would turn it into a plausible wrong date; `310501` is refused too
 *   (Heisei had ended);
 * - nothing else is judged: whether a date as old as 1989 is a plausible deposit is the reader's
 *   rule (the system's date range), not the calendar's.
 *
 * 昭和, 平成 and 令和 are known: no bank file of this system's lifetime reaches further back.
 */
interface Era {
  readonly name: string;
  /** The letter of the era in `R8.11.24` and the like. */
  readonly letter: string;
  /** Its first day. */
  readonly start: DateText;
}

/** Newest first; an era ends the day before the next one (the one before it here) starts. */
const ERAS: readonly Era[] = [
  { name: '令和', letter: 'R', start: '2019-05-01' },
  { name: '平成', letter: 'H', start: '1989-01-08' },
  { name: '昭和', letter: 'S', start: '1926-12-25' },
];

/** How far after `today` an inferred date may be (a year): further than that it is another era's. */
const FUTURE_YEARS = 1;

/** `YYYY-MM-DD` of a calendar date, or null when there is no such day (2026-02-30). */
function calendarDate(year: number, month: number, day: number): DateText | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` of year `eraYear` (1 = 元年) of era `index`, as written: not checked against the calendar. */
function writtenDate(index: number, eraYear: number, month: number, day: number): string {
  const year = Number(ERAS[index].start.slice(0, 4)) + eraYear - 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date of year `eraYear`, `month`, `day` of era `index`, or null when that era has no such day. */
function dateInEra(index: number, eraYear: number, month: number, day: number): DateText | null {
  const era = ERAS[index];
  const date = calendarDate(Number(era.start.slice(0, 4)) + eraYear - 1, month, day);
  if (date === null || date < era.start) return null;
  const next = ERAS[index - 1];
  return next !== undefined && date >= next.start ? null : date;
}

/**
 * A 全銀 date (`YYMMDD`, era inferred as described above) as `YYYY-MM-DD`, or null when it is not six
 * digits or not a day of the era it belongs to. `today` is Japan's date (`japanToday()`).
 */
export function warekiToDate(yymmdd: string, today: DateText): DateText | null {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  if (!m) return null;
  const [eraYear, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (eraYear === 0) return null;
  const latest = `${Number(today.slice(0, 4)) + FUTURE_YEARS}${today.slice(4)}`;
  const index = ERAS.findIndex((era, i) => {
    const written = writtenDate(i, eraYear, month, day);
    return written <= latest && written >= era.start;
  });
  return index < 0 ? null : dateInEra(index, eraYear, month, day);
}

/** A date as a 全銀 file writes it, `YYMMDD` in its era (the writer's side of {@link warekiToDate}). */
export function dateToWareki(date: DateText): string {
  const era = ERAS.find((e) => e.start <= date);
  if (era === undefined || calendarDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))) !== date) {
    throw new RangeError(`No Japanese era date for ${date}`);
  }
  const eraYear = Number(date.slice(0, 4)) - Number(era.start.slice(0, 4)) + 1;
  return `${String(eraYear).padStart(2, '0')}${date.slice(5, 7)}${date.slice(8, 10)}`;
}

const ERA_INDEX: Readonly<Record<string, number>> = Object.fromEntries(ERAS.flatMap((era, i) => [[era.name, i], [era.letter, i]]));

/**
 * A date written with its era, as people and some bank CSVs write it: `R8.11.24`, `H31/4/30`,
 * `令和8年11月24日`, `令和元年5月1日` (full-width digits too), as `YYYY-MM-DD`; null when it is not
 * such a date or the era has no such day (`H31.5.1`: Heisei had ended).
 */
export function parseWarekiDate(text: string): DateText | null {
  const m = /^(令和|平成|昭和|[RHS])\s*(元|\d{1,2})\s*[年./-]\s*(\d{1,2})\s*[月./-]\s*(\d{1,2})\s*日?$/i.exec(text.normalize('NFKC').trim());
  if (!m) return null;
  const eraYear = m[2] === '元' ? 1 : Number(m[2]);
  if (eraYear === 0) return null;
  return dateInEra(ERA_INDEX[m[1].toUpperCase()], eraYear, Number(m[3]), Number(m[4]));
}
