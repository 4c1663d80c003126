import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

/** The fonts a certificate embeds: DejaVu Sans (regular and bold) for text, Noto Emoji for pictographs. */
export const CERTIFICATE_FONTS = {
  body: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  emoji: '@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff',
} as const;

/** One of the certificate's fonts by role. */
export type FontRole = keyof typeof CERTIFICATE_FONTS;

/** A loaded font: its bytes for pdfkit and its glyph coverage. */
interface LoadedFont {
  bytes: Buffer;
  has: (codePoint: number) => boolean;
}

let loaded: Record<FontRole, LoadedFont> | undefined;

/** The certificate's fonts, read once from their packages. */
export function certificateFonts(): Record<FontRole, LoadedFont> {
  if (loaded !== undefined) return loaded;
  const load = (path: string): LoadedFont => {
    const bytes = readFileSync(require.resolve(path));
    const font = fontkit.create(bytes) as fontkit.Font;
    return { bytes, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
  };
  loaded = {
    body: load(CERTIFICATE_FONTS.body),
    bold: load(CERTIFICATE_FONTS.bold),
    emoji: load(CERTIFICATE_FONTS.emoji),
  };
  return loaded;
}

/** A piece of text in one font. */
interface TextRun {
  font: FontRole;
  text: string;
}

/** What stands for a character no embedded font can draw (so nothing prints as stray glyphs). */
export const UNDRAWABLE = '\uFFFD';

/** Variation selectors and joiners: drawn with the character before them, never on their own. */
const JOINING = (codePoint: number) => codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f);

/**
 * Splits a text into runs of one font each: the text font (regular or bold) where it has the character, else Noto
 * Emoji, else the replacement character in the text font.
 */
export function fontRuns(text: string, textFont: 'body' | 'bold'): TextRun[] {
  const fonts = certificateFonts();
  const runs: TextRun[] = [];
  const push = (font: FontRole, part: string) => {
    const last = runs.at(-1);
    if (last !== undefined && last.font === font) last.text += part;
    else runs.push({ font, text: part });
  };
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (JOINING(codePoint)) {
      if (runs.at(-1)?.font === 'emoji') push('emoji', char);
      continue;
    }
    if (fonts[textFont].has(codePoint)) push(textFont, char);
    else if (fonts.emoji.has(codePoint)) push('emoji', char);
    else push(textFont, UNDRAWABLE);
  }
  return runs;
}
