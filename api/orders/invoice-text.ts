/**
 * Text on the invoice. It is drawn in fonts embedded in the PDF: DejaVu Sans (Latin with its accents, Latin Extended,
 * Greek, Cyrillic and common symbols) for the text, and Noto Emoji for the emoji people put in names; both are
 * TrueType files from npm packages, read once per process. Text people typed is cut into runs each font draws; a
 * character neither font has (Chinese, say) is drawn as "□", a visible gap rather than a wrong glyph or a "?".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

export type Weight = 'regular' | 'bold';
/** A piece of text drawn in one font. */
export type Run = { font: string; text: string };

const FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  emoji: '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
} as const;

/** The names the fonts are registered under in each document. */
export const FONT_NAMES = { regular: 'InvoiceText', bold: 'InvoiceTextBold', emoji: 'InvoiceEmoji' } as const;

export const MISSING_GLYPH = '□';

const resolve = createRequire(import.meta.url).resolve;

function load(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(resolve(file)));
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a collection of fonts, not one font`);
  return font;
}
const fonts = { regular: load(FILES.regular), bold: load(FILES.bold), emoji: load(FILES.emoji) };

type Doc = PDFKit.PDFDocument;

/**
 * Gives the document the invoice's fonts, by the names of `FONT_NAMES`. PDFKit takes a parsed font as well as its
 * bytes (its types name only bytes): parsed once per process, each document reuses it and embeds only the glyphs it
 * drew, which halves the work of drawing an invoice.
 */
export function registerInvoiceFonts(doc: Doc): void {
  for (const key of Object.keys(FONT_NAMES) as Array<keyof typeof FONT_NAMES>) doc.registerFont(FONT_NAMES[key], fonts[key] as unknown as Buffer);
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Joiners and presentation selectors: drawn by whichever font draws the rest of their character. */
const FORMAT = /\u200d|\ufe0e|\ufe0f/gu;
const PICTURE = /\p{Extended_Pictographic}|\ufe0f/u;
const PLAIN = /^[\x20-\x7e]*$/;

function draws(font: fontkit.Font, grapheme: string): boolean {
  const codePoints = [...grapheme.replace(FORMAT, '')].map((char) => char.codePointAt(0)!);
  return codePoints.length > 0 && codePoints.every((codePoint) => font.hasGlyphForCodePoint(codePoint));
}

/** Which font draws a character (a grapheme): an emoji by the emoji font, anything else by the text font when it can. */
function fontFor(grapheme: string, weight: Weight): keyof typeof FONT_NAMES | null {
  if (grapheme === '\n') return weight;
  const text = fonts[weight];
  if (PICTURE.test(grapheme) && draws(fonts.emoji, grapheme)) return 'emoji';
  if (draws(text, grapheme)) return weight;
  return draws(fonts.emoji, grapheme) ? 'emoji' : null;
}

/** The text cut into runs each one font draws, in order; a character no font has becomes `MISSING_GLYPH` in the text font. */
export function runsOf(text: string, weight: Weight): Run[] {
  // Most of an invoice (figures, dates, most names) is plain ASCII, which the text font draws whole.
  if (PLAIN.test(text)) return [{ font: FONT_NAMES[weight], text }];
  const runs: Run[] = [];
  for (const { segment } of graphemes.segment(text.normalize('NFC').replace(/\t/g, ' '))) {
    const key = fontFor(segment, weight);
    const font = FONT_NAMES[key ?? weight];
    const drawn = key === null ? MISSING_GLYPH : segment;
    const last = runs.at(-1);
    if (last?.font === font) last.text += drawn;
    else runs.push({ font, text: drawn });
  }
  return runs;
}

/** Sets the text font of `weight` at `size` points. */
export function useFont(doc: Doc, weight: Weight, size?: number): Doc {
  doc.font(FONT_NAMES[weight]);
  return size === undefined ? doc : doc.fontSize(size);
}

/** The width of the text on one line, in the text font of `weight` at the current size. */
export function widthOfText(doc: Doc, text: string, weight: Weight): number {
  const runs = runsOf(text, weight);
  const width = runs.reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text), 0);
  useFont(doc, weight);
  return width;
}

/** The text on one line from `x`, never wrapped: its runs set one after the other. */
export function writeLine(doc: Doc, text: string, x: number, y: number, weight: Weight): void {
  let left = x;
  for (const run of runsOf(text, weight)) {
    doc.font(run.font).text(run.text, left, y, { lineBreak: false });
    left += doc.widthOfString(run.text);
  }
  useFont(doc, weight);
}

/** The text wrapped within `width` from (`x`, `y`); answers where it ends below. */
export function writeWrapped(doc: Doc, text: string, x: number, y: number, width: number, weight: Weight, align: 'left' | 'right' = 'left'): number {
  const runs = runsOf(text, weight);
  runs.forEach((run, index) => {
    const continued = index < runs.length - 1;
    doc.font(run.font);
    if (index === 0) doc.text(run.text, x, y, { width, align, continued });
    else doc.text(run.text, { continued });
  });
  useFont(doc, weight);
  return doc.y;
}

/** The height the text takes wrapped within `width`, measured in the text font (emoji are about as wide). */
export function heightOfWrapped(doc: Doc, text: string, width: number, weight: Weight): number {
  return useFont(doc, weight).heightOfString(
    runsOf(text, weight)
      .map((run) => run.text)
      .join(''),
    { width },
  );
}
