import {
  isPreferredPeriod,
  normalizePeriodText,
  PREFERRED_PERIOD,
  PREFERRED_PERIOD_LABELS_JA,
  PREFERRED_PERIOD_NAMES,
  PREFERRED_PERIOD_READING,
  PREFERRED_PERIODS,
  preferredPeriodLabel,
  readPreferredPeriod,
} from './preferred-period';

describe('preferred delivery periods', () => {
  it('are the codes 0 (none) to 4, the transport time slots being 1 to 4 (SPEC.md §4)', () => {
    expect(PREFERRED_PERIODS).toEqual([0, 1, 2, 3, 4]);
    expect(PREFERRED_PERIODS.filter((c) => c !== PREFERRED_PERIOD.none)).toEqual([1, 2, 3, 4]);
    expect(PREFERRED_PERIOD_NAMES[4]).toBe('late');
    for (const value of [-1, 5, 1.5, '1', null, undefined, NaN]) expect(isPreferredPeriod(value)).toBe(false);
    for (const code of PREFERRED_PERIODS) expect(isPreferredPeriod(code)).toBe(true);
  });

  it('are labelled 指定なし, 14-16時, 16-18時, 18-20時 and 19-21時 (the late slot shown as 19-21)', () => {
    expect(PREFERRED_PERIODS.map(preferredPeriodLabel)).toEqual(['指定なし', '14-16時', '16-18時', '18-20時', '19-21時']);
    expect(preferredPeriodLabel(9)).toBe('9');
  });

  it.each([
    ['14-16', 1],
    ['14～16', 1],
    ['14〜16', 1],
    ['14時-16時', 1],
    ['14時～16時', 1],
    ['１４－１６', 1],
    ['１４時～１６時', 1],
    [' 14 - 16 ', 1],
    ['14:00-16:00', 1],
    ['14:00–16:00', 1],
    ['１４：００～１６：００', 1],
    ['14時から16時', 1],
    ['16-18', 2],
    ['16時～18時', 2],
    ['18-20', 3],
    ['18時～20時', 3],
    ['19-21', 4],
    ['19時～21時', 4],
    ['１９ー２１', 4],
    ['20-', 4],
    ['20～', 4],
    ['20時-', 4],
    ['20時以降', 4],
    ['２０時以降', 4],
    ['20時以後', 4],
  ])('reads %j as slot %i', (text, code) => {
    expect(readPreferredPeriod(text)).toBe(code);
  });

  it('reads its own labels, Japanese and English, back as their codes', () => {
    for (const code of PREFERRED_PERIODS) expect(readPreferredPeriod(PREFERRED_PERIOD_LABELS_JA[code])).toBe(code);
    expect(['none', 'None', '14:00–16:00', '16:00–18:00', '18:00–20:00', '19:00–21:00'].map(readPreferredPeriod)).toEqual([0, 0, 1, 2, 3, 4]);
  });

  it('reads an empty text and "none" as 0', () => {
    for (const text of [null, undefined, '', '   ', '\u3000', '指定なし', '指定 なし', 'なし', '無し', 'NONE']) expect(readPreferredPeriod(text)).toBe(0);
  });

  it('does not guess at a text that names no slot', () => {
    for (const text of ['午前中', '午後', '14-15', '14-18', '12-14', '20-21', '21-', '19-', '14:30-16:30', '1', '4', 'constructor', '__proto__', '14-16 不在時は再配達', '夜間']) {
      expect(readPreferredPeriod(text)).toBeNull();
    }
  });

  it('translates character by character (the migration repeats the table in SQL translate())', () => {
    const { from, to } = PREFERRED_PERIOD_READING.translate;
    expect([...from].length).toBe([...to].length);
    expect(normalizePeriodText('１９：００ー２１：００')).toBe('19-21');
  });
});
