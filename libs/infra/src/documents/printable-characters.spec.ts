import { isPrintable } from '@oms/domain';
import { dirname, join } from 'node:path';

/**
 * The domain's table of printable characters (libs/domain/src/text/printable-ranges.ts) is generated
 * from the order-sheet font; it must say exactly what the font can draw. After a font change:
 * `node apps/devstack/bin/gen-printable.mjs`.
 */
describe('printable characters and the order-sheet font', () => {
  it('agrees with the font on every code point', () => {
    const fontkit = require('fontkit') as { openSync(path: string): { characterSet: number[] } };
    const dir = dirname(require.resolve('@expo-google-fonts/noto-sans-jp/package.json'));
    const faces = ['400Regular/NotoSansJP_400Regular.ttf', '700Bold/NotoSansJP_700Bold.ttf'].map((f) => new Set(fontkit.openSync(join(dir, f)).characterSet));
    const disagreements: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue; // surrogates are not characters
      const font = faces.every((face) => face.has(cp));
      if (font !== isPrintable(String.fromCodePoint(cp))) disagreements.push(cp.toString(16));
      if (disagreements.length > 10) break;
    }
    expect(disagreements).toEqual([]);
  });
});
