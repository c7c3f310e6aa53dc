/**
 * Payer names (振込依頼人名) as banks write them, and the order numbers people type into them (issue 13).
 *
 * A bank writes `ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ`: half-width kana, no small kana (ｼﾖｳ for ショウ), the legal form cut to the
 * 全銀 abbreviation (カ for 株式会社) before `)` when it leads, after `(` when it ends, between `()` in the
 * middle. The order says `カブシキガイシャ ヤマダショウジ`. Both become one key, `ヤマダシヨウジ`.
 *
 * Matching is set-based in PostgreSQL, so the key is computed there too (libs/infra's
 * `deposit_payer_key`). Every step is therefore data exported here (PAYER_KEY_STEPS, run after NFKC):
 * character translations as PostgreSQL's `translate` does them, and regular expressions written in the
 * common subset of JavaScript (`u` flag) and PostgreSQL's ARE with literal replacements. Both sides run
 * the same data. Alternatives are plain literals sorted longest first, so JavaScript's first-alternative
 * rule and PostgreSQL's longest-match rule pick the same text.
 */

/** Hyphens, dashes and minus signs (after NFKC) banks and people write for the long vowel after kana. */
export const LONG_VOWEL_LOOKALIKES = '-\u2010\u2011\u2012\u2013\u2014\u2015\u2043\u2212\uFE63\uFF0D\uFF70';

/** Small kana become the large ones, as the 全銀 character set has none (ｼﾖｳｼﾞ = ショウジ); banks write ヰヱ as イエ. */
const SMALL_KANA = { from: 'ァィゥェォッャュョヮヵヶヰヱㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ', to: 'アイウエオツヤユヨワカケイエクシストヌハヒフヘホムラリルレロ' };

/**
 * Hiragana (ぁ-ゖ, ゝゞ) is read as katakana, its small kana folded too: net banks' CSVs and people
 * sometimes write it. Latin letters are upper case, as banks print them (a-z only: PostgreSQL's upper()
 * depends on the locale).
 */
const HIRAGANA_AND_LOWER_CASE = (() => {
  const fold = (c: string) => SMALL_KANA.to[SMALL_KANA.from.indexOf(c)] ?? c;
  let from = 'ゝゞ';
  let to = 'ヽヾ';
  for (let code = 0x3041; code <= 0x3096; code++) {
    from += String.fromCharCode(code);
    to += fold(String.fromCharCode(code + 0x60));
  }
  for (let code = 0x61; code <= 0x7a; code++) {
    from += String.fromCharCode(code);
    to += String.fromCharCode(code - 0x20);
  }
  return { from, to };
})();

/**
 * Characters that separate words but name nothing: spaces (NFKC makes the ideographic one a plain
 * space), the dots, commas and quotes banks and people put between words, and voicing marks left alone
 * (NFKC joins ﾀﾞ into ダ; one after a space or a letter it cannot voice is dropped).
 */
const DROPPED =
  ' \t\n\r\v\f\u00A0\u2028\u2029\u200B\uFEFF\u3000' +
  '.,/\'"`\u2018\u2019\u201C\u201D\u3001\u3002\u30FB\uFF65\u300C\u300D\uFF62\uFF63' +
  '\u3099\u309A\u309B\u309C\uFF9E\uFF9F';

/**
 * One step of the key, after NFKC. `translate`: each character of `from` becomes the one at the same
 * place in `to` (PostgreSQL's translate; no character of `from` is repeated, none past the end of `to`).
 * `seldom`: names rarely hold any of `from` (banks write neither hiragana nor lower case, and buyer kana
 * is katakana), so SQL may test for them first, translate() costing the length of `from` per character.
 * `replace`: every match of `pattern` becomes `replacement`, a literal.
 */
export type PayerKeyStep =
  | { readonly kind: 'translate'; readonly from: string; readonly to: string; readonly seldom: boolean }
  | { readonly kind: 'replace'; readonly pattern: string; readonly replacement: string };

/** The steps up to the legal forms: characters folded, separators dropped, long vowels unified. */
const CHARACTER_STEPS: readonly PayerKeyStep[] = [
  { kind: 'translate', ...HIRAGANA_AND_LOWER_CASE, seldom: true },
  { kind: 'translate', ...SMALL_KANA, seldom: false },
  { kind: 'replace', pattern: `[${DROPPED}]`, replacement: '' },
  // A run of long-vowel marks, however written, is one; one that follows no kana (`ABC-1`) goes.
  { kind: 'replace', pattern: `[${LONG_VOWEL_LOOKALIKES}ー]+`, replacement: 'ー' },
  { kind: 'replace', pattern: '(?<![ァ-ヺ])ー', replacement: '' },
];

/** The legal forms of 全銀's 法人略語 list (plus the kinds banks added since), as codes. */
export type LegalFormCode =
  | 'kabushiki'
  | 'yugen'
  | 'gomei'
  | 'goshi'
  | 'godo'
  | 'sogo'
  | 'iryo'
  | 'zaidan'
  | 'shadan'
  | 'shukyo'
  | 'gakko'
  | 'shakai_fukushi'
  | 'kosei_hogo'
  | 'tokutei_hieiri'
  | 'dokuritsu_gyosei'
  | 'chiho_dokuritsu_gyosei'
  | 'bengoshi'
  | 'chukan'
  | 'gyosei_shoshi'
  | 'shiho_shoshi'
  | 'zeirishi'
  | 'daigaku'
  | 'noji_kumiai'
  | 'kansa'
  | 'sharoshi'
  | 'tokkyo'
  | 'tochi_kaoku';

export interface LegalForm {
  readonly code: LegalFormCode;
  /** 全銀's kana abbreviations, as banks write them: `カ)…`, `…(カ)…`, `…(カ`. */
  readonly kana: readonly string[];
  /** The kanji abbreviations, in the same three positions: `(株)`, ㈱ (NFKC makes it `(株)`). */
  readonly kanji: readonly string[];
  /** The written-out forms, stripped wherever they stand (no parentheses around them). */
  readonly written: readonly string[];
}

/** Both readings people give 会社 in a company's kana: ガイシャ and カイシャ. */
const kaisha = (head: string, kanji: string) => [`${head}ガイシャ`, `${head}カイシャ`, `${kanji}会社`];

/**
 * 全銀協's 法人略語 as banks publish them (e.g. 京葉銀行's input guide: カ ユ メ シ ド イ ザイ シヤ シユウ
 * ガク フク ソ ホゴ トクヒ ドク ベン チユウ ギヨ シホウ ゼイ ダイ ノウ), with チドク (地方独立行政法人) and
 * the later professional corporations (カンサ, ロウム, トツキヨ, チヨウサ).
 */
export const LEGAL_FORMS: readonly LegalForm[] = [
  { code: 'kabushiki', kana: ['カ'], kanji: ['株'], written: kaisha('カブシキ', '株式') },
  { code: 'yugen', kana: ['ユ'], kanji: ['有'], written: kaisha('ユウゲン', '有限') },
  { code: 'gomei', kana: ['メ'], kanji: ['名'], written: kaisha('ゴウメイ', '合名') },
  { code: 'goshi', kana: ['シ'], kanji: ['資'], written: kaisha('ゴウシ', '合資') },
  { code: 'godo', kana: ['ド'], kanji: ['同'], written: kaisha('ゴウドウ', '合同') },
  { code: 'sogo', kana: ['ソ'], kanji: ['相'], written: kaisha('ソウゴ', '相互') },
  {
    code: 'iryo',
    kana: ['イ'],
    kanji: ['医'],
    written: ['イリョウホウジン', 'イリョウホウジンシャダン', 'イリョウホウジンザイダン', 'シャカイイリョウホウジン', '医療法人', '医療法人社団', '医療法人財団', '社会医療法人'],
  },
  {
    code: 'zaidan',
    kana: ['ザイ'],
    kanji: ['財', '一財', '公財'],
    written: ['ザイダンホウジン', 'イッパンザイダンホウジン', 'コウエキザイダンホウジン', '財団法人', '一般財団法人', '公益財団法人'],
  },
  {
    code: 'shadan',
    kana: ['シヤ'],
    kanji: ['社', '一社', '公社'],
    written: ['シャダンホウジン', 'イッパンシャダンホウジン', 'コウエキシャダンホウジン', '社団法人', '一般社団法人', '公益社団法人'],
  },
  { code: 'shukyo', kana: ['シユウ'], kanji: ['宗'], written: ['シュウキョウホウジン', '宗教法人'] },
  { code: 'gakko', kana: ['ガク'], kanji: ['学'], written: ['ガッコウホウジン', '学校法人'] },
  { code: 'shakai_fukushi', kana: ['フク'], kanji: ['福'], written: ['シャカイフクシホウジン', '社会福祉法人'] },
  { code: 'kosei_hogo', kana: ['ホゴ'], kanji: [], written: ['コウセイホゴホウジン', '更生保護法人'] },
  { code: 'tokutei_hieiri', kana: ['トクヒ'], kanji: ['特非'], written: ['トクテイヒエイリカツドウホウジン', 'NPOホウジン', '特定非営利活動法人', 'NPO法人'] },
  { code: 'dokuritsu_gyosei', kana: ['ドク'], kanji: ['独'], written: ['ドクリツギョウセイホウジン', '独立行政法人'] },
  { code: 'chiho_dokuritsu_gyosei', kana: ['チドク'], kanji: ['地独'], written: ['チホウドクリツギョウセイホウジン', '地方独立行政法人'] },
  { code: 'bengoshi', kana: ['ベン'], kanji: ['弁'], written: ['ベンゴシホウジン', '弁護士法人'] },
  {
    code: 'chukan',
    kana: ['チユウ'],
    kanji: [],
    written: ['ユウゲンセキニンチュウカンホウジン', 'ムゲンセキニンチュウカンホウジン', '有限責任中間法人', '無限責任中間法人'],
  },
  { code: 'gyosei_shoshi', kana: ['ギヨ'], kanji: ['行'], written: ['ギョウセイショシホウジン', '行政書士法人'] },
  { code: 'shiho_shoshi', kana: ['シホウ'], kanji: ['司'], written: ['シホウショシホウジン', '司法書士法人'] },
  { code: 'zeirishi', kana: ['ゼイ'], kanji: ['税'], written: ['ゼイリシホウジン', '税理士法人'] },
  { code: 'daigaku', kana: ['ダイ'], kanji: ['大'], written: ['コクリツダイガクホウジン', 'コウリツダイガクホウジン', '国立大学法人', '公立大学法人'] },
  { code: 'noji_kumiai', kana: ['ノウ'], kanji: ['農'], written: ['ノウジクミアイホウジン', '農事組合法人'] },
  {
    code: 'kansa',
    kana: ['カンサ'],
    kanji: ['監'],
    written: ['カンサホウジン', 'ユウゲンセキニンカンサホウジン', '監査法人', '有限責任監査法人'],
  },
  { code: 'sharoshi', kana: ['ロウム'], kanji: ['社労'], written: ['シャカイホケンロウムシホウジン', '社会保険労務士法人'] },
  { code: 'tokkyo', kana: ['トツキヨ'], kanji: ['特許'], written: ['トッキョギョウムホウジン', '特許業務法人'] },
  { code: 'tochi_kaoku', kana: ['チヨウサ'], kanji: [], written: ['トチカオクチョウサシホウジン', '土地家屋調査士法人'] },
];

/**
 * 全銀's 営業所略語: `…(カ)トウキヨウ(エイ` is 東京営業所. Written out in the key, as the order writes it.
 */
export const BRANCH_ABBREVIATIONS: readonly { readonly kana: string; readonly written: string }[] = [
  { kana: 'エイ', written: 'エイギョウショ' },
  { kana: 'シユツ', written: 'シュッチョウショ' },
];

/** How each step runs in JavaScript. */
type RunnableStep = (text: string) => string;

function runnable(step: PayerKeyStep): RunnableStep {
  if (step.kind === 'translate') {
    const to = [...step.to];
    const map = new Map([...step.from].map((c, i) => [c, to[i]]));
    return (text) => {
      let out = '';
      for (const c of text) out += map.get(c) ?? c;
      return out;
    };
  }
  const regex = new RegExp(step.pattern, 'gu');
  // A function as the replacement keeps a `$` in it from being read as a group reference.
  return (text) => text.replace(regex, () => step.replacement);
}

const run = (steps: readonly RunnableStep[], text: string) => steps.reduce((s, step) => step(s), text.normalize('NFKC'));
const RUNNABLE_CHARACTER_STEPS = CHARACTER_STEPS.map(runnable);

/** A table entry as the key's steps see it (folded, separators dropped): how the patterns are written. */
function asKeyText(text: string): string {
  return run(RUNNABLE_CHARACTER_STEPS, text);
}

/** Literal alternatives, longest first (see the file's comment), as a non-capturing group. */
function alternatives(texts: Iterable<string>): string {
  const distinct = [...new Set(texts)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return `(?:${distinct.join('|')})`;
}

/** `X)` leading, `(X)` anywhere, `(X` ending: the three places 全銀 puts an abbreviation. */
function abbreviationPattern(abbreviations: Iterable<string>): string {
  const group = alternatives(abbreviations);
  return `^${group}[)]|[(]${group}[)]|[(]${group}$`;
}

const LEGAL_FORM_BY_TEXT = new Map<string, LegalFormCode>();
for (const form of LEGAL_FORMS) {
  for (const text of [...form.kana, ...form.kanji, ...form.written]) LEGAL_FORM_BY_TEXT.set(asKeyText(text), form.code);
}

/** The legal forms as the key drops them: abbreviations in their three places, then written-out forms anywhere. */
const LEGAL_FORM_PATTERNS = [
  abbreviationPattern(LEGAL_FORMS.flatMap((f) => [...f.kana, ...f.kanji]).map(asKeyText)),
  alternatives(LEGAL_FORMS.flatMap((f) => f.written).map(asKeyText)),
];
const LEGAL_FORM_REGEXES = LEGAL_FORM_PATTERNS.map((pattern) => new RegExp(pattern, 'u'));

/**
 * The key's steps, in order, after NFKC: hiragana, lower case and small kana folded; separators dropped;
 * long vowels unified; the legal form dropped; 営業所略語 written out; the parentheses left dropped.
 */
export const PAYER_KEY_STEPS: readonly PayerKeyStep[] = [
  ...CHARACTER_STEPS,
  ...LEGAL_FORM_PATTERNS.map((pattern): PayerKeyStep => ({ kind: 'replace', pattern, replacement: '' })),
  ...BRANCH_ABBREVIATIONS.map((b): PayerKeyStep => {
    const kana = asKeyText(b.kana);
    return { kind: 'replace', pattern: `[(]${kana}[)]|[(]${kana}$`, replacement: asKeyText(b.written) };
  }),
  { kind: 'replace', pattern: '[()]', replacement: '' },
];

const RUNNABLE_KEY_STEPS = PAYER_KEY_STEPS.map(runnable);

/**
 * The key a payer name and a buyer's (or customer's company) kana are compared by: `ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ`,
 * `ﾔﾏﾀﾞｼﾖｳｼﾞ(ｶ` and `カブシキガイシャ ヤマダショウジ` are all `ヤマダシヨウジ`. The legal form is not in it
 * (splitLegalForm tells it). PostgreSQL's `deposit_payer_key` computes the same. A name of nothing but
 * separators or a legal form has the key '', which must match nothing.
 */
export function payerNameKey(name: string): string {
  return run(RUNNABLE_KEY_STEPS, name);
}

/**
 * The name's key and its legal form: the code of the first legal form written in it (abbreviated or
 * written out, wherever it stands), null for a person or a company written without one.
 */
export function splitLegalForm(name: string): { core: string; legalForm: LegalFormCode | null } {
  const beforeLegalForm = asKeyText(name);
  let first: RegExpExecArray | null = null;
  for (const regex of LEGAL_FORM_REGEXES) {
    const found = regex.exec(beforeLegalForm);
    if (found && (!first || found.index < first.index)) first = found;
  }
  const legalForm = first ? (LEGAL_FORM_BY_TEXT.get(first[0].replace(/[()]/g, '')) ?? null) : null;
  return { core: payerNameKey(name), legalForm };
}

/**
 * `YYYYMMDD-NNNNNNN` (migrations' next_order_no: the Japan date, a hyphen, a running number of 7 digits
 * or more; order_no is varchar(20), so at most 11). Written with or without the hyphen, or with any
 * long-vowel lookalike for it; not inside a longer run of digits.
 */
const ORDER_NUMBER = /(?<!\d)(20\d{6})-?(\d{7,11})(?!\d)/g;

function isCalendarDay(yyyymmdd: string): boolean {
  const [year, month, day] = [yyyymmdd.slice(0, 4), yyyymmdd.slice(4, 6), yyyymmdd.slice(6)].map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The order numbers written in a payer name, EDI text or CSV cell (full-width digits, `ｰ`, `－` or no
 * hyphen), canonical (`20261124-0000123`, the running number padded to 7 digits as next_order_no pads
 * it), each once, in the order they appear. The date must be a real day of 20xx: a phone number or a
 * longer run of digits is no order number.
 */
export function orderNumbersIn(text: string): string[] {
  const dashes = new RegExp(`[${LONG_VOWEL_LOOKALIKES}ー]`, 'gu');
  const plain = text.normalize('NFKC').replace(dashes, '-');
  const found = new Set<string>();
  for (const [, date, serial] of plain.matchAll(ORDER_NUMBER)) {
    // The database pads the running number to 7 digits and no further: a zero typed too many is dropped.
    if (isCalendarDay(date)) found.add(`${date}-${serial.replace(/^0+(?=\d{7})/, '')}`);
  }
  return [...found];
}

/**
 * What an online bank's CSV writes before the payer in its description column (`振込 ﾔﾏﾀﾞ ﾀﾛｳ`,
 * `ﾌﾘｺﾐ＊ﾔﾏﾀﾞ ﾀﾛｳ`, `振込入金` and a full-width space before `ヤマダ`): the kind of entry, not the payer's name.
 */
const ENTRY_KIND_PREFIX = /^\s*(?:振込入金|振込|入金|ﾌﾘｺﾐ|フリコミ|ﾆﾕｳｷﾝ|ニユウキン|ニュウキン)(?:\s|[＊*:：・])+/u;

/** The payer of a bank record's name, without the entry kind an online bank's description puts before it. */
export function payerOf(name: string): string {
  return name.replace(ENTRY_KIND_PREFIX, '');
}
