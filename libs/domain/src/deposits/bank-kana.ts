const FULL = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンァィゥェォャュョッヮー　';
const HALF = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｱｲｳｴｵﾔﾕﾖﾂﾜｰ ';
const HALF_OF = new Map([...FULL].map((c, i) => [c, HALF[i]]));
const MARKS = new Map([
  ['\u3099', 'ﾞ'],
  ['\u309a', 'ﾟ'],
]);

/**
 * A name as a bank writes it in a 全銀 file's 振込依頼人名: half-width katakana, small kana written
 * large (ショウジ → ｼﾖｳｼﾞ), voicing marks as their own characters. For demo files, tests and the
 * bench; payerNameKey reads it back to the same key as the full-width name.
 */
export function bankKana(name: string): string {
  return [...name.normalize('NFD')]
    .map((c) => {
      const code = c.charCodeAt(0);
      const katakana = code >= 0x3041 && code <= 0x3096 ? String.fromCharCode(code + 0x60) : c;
      return HALF_OF.get(katakana) ?? MARKS.get(katakana) ?? katakana;
    })
    .join('');
}
