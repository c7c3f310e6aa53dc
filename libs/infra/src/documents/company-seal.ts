import { renderAsync } from '@resvg/resvg-js';
import { fontFilePath } from './pdf-kit';

const SEAL = {
  /** Pixels, square. */
  size: 300,
  ringWidth: 10,
  /** Space between the ring and the name. */
  padding: 14,
  color: '#d7000f',
  /** Of each character's cell, so neighbouring characters do not touch. */
  glyphScale: 0.9,
};

// Characters that lie on their side in vertical writing (long vowel mark, dashes, brackets).
const TURNED_IN_VERTICAL = new Set([...'ー－-—―～〜…（）()「」『』［］[]｛｝{}〈〉《》【】']);

/**
 * A default company seal (丸印) as a PNG: a red ring with the company name in red inside, written
 * vertically in columns read from the right, on a transparent background, 300 × 300 px. It stands in
 * until a company uploads its own seal image. The name is set in the documents' Noto Sans JP (bold),
 * loaded from its file, so no system font is needed and the same name gives the same bytes.
 */
export async function renderDefaultSeal(companyName: string): Promise<Buffer> {
  const characters = [...companyName.replace(/\s+/g, '')];
  if (characters.length === 0) throw new RangeError('A company seal needs the company name.');
  const rendered = await renderAsync(sealSvg(characters), {
    font: { fontFiles: [fontFilePath('bold')], loadSystemFonts: false, defaultFontFamily: 'Noto Sans JP' },
    fitTo: { mode: 'original' },
  });
  return rendered.asPng();
}

function sealSvg(characters: readonly string[]): string {
  const centre = SEAL.size / 2;
  const ringRadius = centre - SEAL.ringWidth / 2 - 1;
  const textRadius = ringRadius - SEAL.ringWidth / 2 - SEAL.padding;

  // One column for a short name, two up to 12 characters, then as many as keep columns to six.
  const columns = characters.length <= 4 ? 1 : Math.max(2, Math.ceil(characters.length / 6));
  const rows = Math.ceil(characters.length / columns);
  // The largest square cell for which the columns × rows block fits inside the circle.
  const cell = Math.min((2 * textRadius) / Math.hypot(columns, rows), textRadius);
  const fontSize = cell * SEAL.glyphScale;

  const glyphs: string[] = [];
  for (let column = 0; column < columns; column++) {
    const text = characters.slice(column * rows, (column + 1) * rows);
    // Columns run right to left; a shorter last column sits in the middle of its height.
    const x = centre + (columns / 2 - column - 0.5) * cell;
    const top = centre - (text.length * cell) / 2;
    text.forEach((character, row) => {
      const y = top + (row + 0.5) * cell;
      const turn = TURNED_IN_VERTICAL.has(character) ? ` transform="rotate(90 ${x} ${y})"` : '';
      glyphs.push(`<text x="${x}" y="${y}"${turn}>${escapeXml(character)}</text>`);
    });
  }

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SEAL.size}" height="${SEAL.size}" viewBox="0 0 ${SEAL.size} ${SEAL.size}">`,
    `<circle cx="${centre}" cy="${centre}" r="${ringRadius}" fill="none" stroke="${SEAL.color}" stroke-width="${SEAL.ringWidth}"/>`,
    `<g fill="${SEAL.color}" font-family="Noto Sans JP" font-weight="700" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central">`,
    ...glyphs,
    '</g>',
    '</svg>',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
