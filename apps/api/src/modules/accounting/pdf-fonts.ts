import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';

// The fonts of the printed documents. PDFKit's standard Helvetica knows only WinAnsi: anything else (an
// emoji, Cyrillic, Greek…) came out as its UTF-16 halves read as Latin-1 bytes (`Bois 🌳` → `Bois Ø<ß3`) on
// a legal document. We embed Noto Sans (Latin with every accent, Greek, Cyrillic; OFL, shipped by an npm
// package, subset into each PDF) and Noto Emoji (monochrome outlines) for what Noto Sans lacks; a character
// neither font draws is left out, never printed as garbage.

export type Style = 'regular' | 'bold' | 'italic';

const file = (url: string) => readFileSync(fileURLToPath(url));

/** The font files, read once (PDFKit parses a Buffer given to `registerFont` for each document). */
const FICHIERS: Record<Style | 'emoji', Buffer> = {
  regular: file(import.meta.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
  bold: file(import.meta.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  italic: file(
    import.meta.resolve('@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf'),
  ),
  emoji: file(import.meta.resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf')),
};

/** The names the fonts are registered under in a document. */
export const POLICE: Record<Style, string> = {
  regular: 'Texte',
  bold: 'Texte-Gras',
  italic: 'Texte-Italique',
};
const EMOJI = 'Texte-Emoji';

const ouvrir = (b: Buffer) => fontkit.create(b) as fontkit.Font;
// One cover for the three styles: Noto Sans draws the same characters in each.
const texte = ouvrir(FICHIERS.regular);
const emoji = ouvrir(FICHIERS.emoji);

/** Registers the fonts in a document. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const style of ['regular', 'bold', 'italic'] as const)
    doc.registerFont(POLICE[style], FICHIERS[style]);
  doc.registerFont(EMOJI, FICHIERS.emoji);
}

/**
 * Characters the product writes that neither font draws, printed as their nearest look-alike: a trajet is
 * « Libreville → Franceville » on screen and in the data; on paper the arrow became nothing
 * (« Libreville Franceville »).
 */
const SUBSTITUTS: Record<string, string> = { '→': '–', '←': '–', '↔': '–', '⇒': '–' };

export interface Run {
  font: string;
  text: string;
}

/**
 * A text cut into runs of one font each: Noto Sans for what it draws, Noto Emoji for what it alone draws;
 * a character neither draws is left out, and the double space it would leave is closed.
 */
export function runs(s: string, style: Style): Run[] {
  const out: Run[] = [];
  let lastKept = '';
  let dropped = false;
  for (const written of s) {
    const cp0 = written.codePointAt(0)!;
    const ch = !texte.hasGlyphForCodePoint(cp0) && SUBSTITUTS[written] ? SUBSTITUTS[written] : written;
    const cp = ch.codePointAt(0)!;
    const font =
      ch === '\n' || texte.hasGlyphForCodePoint(cp)
        ? POLICE[style]
        : emoji.hasGlyphForCodePoint(cp)
          ? EMOJI
          : null;
    if (!font) {
      dropped = true;
      continue;
    }
    // `Bois ✓ sec` → `Bois sec`, not `Bois  sec`.
    if (ch === ' ' && lastKept === ' ' && dropped) continue;
    dropped = false;
    lastKept = ch;
    const last = out[out.length - 1];
    if (last?.font === font) last.text += ch;
    else out.push({ font, text: ch });
  }
  return out;
}

/** What a text prints as (for measuring): its runs joined. */
export const printable = (s: string, style: Style) =>
  runs(s, style)
    .map((r) => r.text)
    .join('');

/**
 * `doc.text(s, x, y, options)` in one of the text styles, each run in its font (one call when the whole text
 * is in Noto Sans, as almost always). The document is left in the style's font.
 */
export function write(
  doc: PDFKit.PDFDocument,
  style: Style,
  s: string,
  x?: number,
  y?: number,
  options?: PDFKit.Mixins.TextOptions,
): PDFKit.PDFDocument {
  const parts = runs(s, style);
  if (parts.length <= 1) {
    doc.font(POLICE[style]);
    const text = parts[0]?.text ?? '';
    return x === undefined ? doc.text(text, options) : doc.text(text, x, y, options);
  }
  parts.forEach((r, i) => {
    doc.font(r.font);
    const o = { ...options, continued: i < parts.length - 1 };
    if (i === 0 && x !== undefined) doc.text(r.text, x, y, o);
    else doc.text(r.text, o);
  });
  return doc.font(POLICE[style]);
}
