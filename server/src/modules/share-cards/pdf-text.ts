import { faceFiles, subsetOf, type FaceName } from './fonts.js';

/**
 * Text in the poster's PDF. The card font comes as two files per face (latin, latin-ext) and pdfkit
 * sets one font per call, so the lines are broken here: words are measured run by run (one file
 * and one colour per run), filled into lines, cut with '…' after `maxLines`, and each run is set
 * on its own without pdfkit's line breaking. So 'Şahin' at a line's end moves as one word.
 */

type Doc = PDFKit.PDFDocument;

export interface TextStyle {
  face: FaceName;
  size: number;
  color: string;
  align?: 'left' | 'center' | 'right';
  /** Extra space between lines (pt, may be negative). */
  lineGap?: number;
  characterSpacing?: number;
  maxLines?: number;
}

/** A piece of text in a colour of its own (the slogan's yellow quotes). */
export interface Span {
  text: string;
  color?: string;
}

interface Char {
  ch: string;
  ext: boolean;
  color: string;
}

interface Run {
  text: string;
  ext: boolean;
  color: string;
  width: number;
}

interface Line {
  runs: Run[];
  width: number;
}

const fontName = (face: FaceName, ext: boolean) => `${face}${ext ? '-ext' : ''}`;

export function registerFonts(doc: Doc) {
  for (const face of ['regular', 'bold', 'heavyItalic'] as const) {
    const files = faceFiles(face);
    doc.registerFont(fontName(face, false), files.latin);
    doc.registerFont(fontName(face, true), files.latinExt);
  }
}

function chars(text: string | Span[], color: string): Char[] {
  const spans = typeof text === 'string' ? [{ text }] : text;
  return spans.flatMap((span) =>
    Array.from(span.text, (ch) => ({ ch, ext: subsetOf(ch.codePointAt(0)!) === 'latin-ext', color: span.color ?? color })),
  );
}

function toRuns(doc: Doc, list: Char[], style: TextStyle): Run[] {
  const runs: Run[] = [];
  for (const c of list) {
    const last = runs[runs.length - 1];
    if (last && last.ext === c.ext && last.color === c.color) last.text += c.ch;
    else runs.push({ text: c.ch, ext: c.ext, color: c.color, width: 0 });
  }
  for (const run of runs) {
    doc.font(fontName(style.face, run.ext)).fontSize(style.size);
    run.width = doc.widthOfString(run.text, { characterSpacing: style.characterSpacing ?? 0 });
  }
  return runs;
}

const widthOf = (runs: Run[]) => runs.reduce((sum, run) => sum + run.width, 0);

/** The lines of `text` in a box `width` wide (a word wider than the box is broken between characters). */
export function layoutLines(doc: Doc, text: string | Span[], width: number, style: TextStyle): Line[] {
  const all = chars(text, style.color);
  const words: Char[][] = [];
  let word: Char[] = [];
  for (const c of all) {
    if (c.ch === ' ') {
      if (word.length) words.push(word);
      word = [];
    } else word.push(c);
  }
  if (word.length) words.push(word);

  const space = toRuns(doc, [{ ch: ' ', ext: false, color: style.color }], style)[0]!.width;
  const lines: Char[][] = [];
  let line: Char[] = [];
  let lineWidth = 0;
  for (const w of words) {
    const wordWidth = widthOf(toRuns(doc, w, style));
    if (line.length && lineWidth + space + wordWidth <= width) {
      line.push({ ch: ' ', ext: false, color: w[0]!.color }, ...w);
      lineWidth += space + wordWidth;
    } else if (wordWidth <= width) {
      if (line.length) lines.push(line);
      line = [...w];
      lineWidth = wordWidth;
    } else {
      // A word longer than the line: broken where the line is full.
      if (line.length) lines.push(line);
      line = [];
      for (const c of w) {
        if (line.length && widthOf(toRuns(doc, [...line, c], style)) > width) {
          lines.push(line);
          line = [];
        }
        line.push(c);
      }
      lineWidth = widthOf(toRuns(doc, line, style));
    }
  }
  if (line.length) lines.push(line);

  const max = style.maxLines ?? Infinity;
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    const last = kept[max - 1]!;
    const ellipsis: Char = { ch: '…', ext: false, color: last[last.length - 1]?.color ?? style.color };
    while (last.length && (widthOf(toRuns(doc, [...last, ellipsis], style)) > width || /[\s,;:.\-–]/.test(last[last.length - 1]!.ch)))
      last.pop();
    last.push(ellipsis);
    return kept.map((l) => ({ runs: toRuns(doc, l, style), width: widthOf(toRuns(doc, l, style)) }));
  }
  return lines.map((l) => {
    const runs = toRuns(doc, l, style);
    return { runs, width: widthOf(runs) };
  });
}

export function lineHeight(doc: Doc, style: TextStyle): number {
  doc.font(fontName(style.face, false)).fontSize(style.size);
  return doc.currentLineHeight(false) + (style.lineGap ?? 0);
}

/** The height `text` takes in a box `width` wide. */
export function measure(doc: Doc, text: string | Span[], width: number, style: TextStyle): number {
  return layoutLines(doc, text, width, style).length * lineHeight(doc, style);
}

/** The largest of `sizes` at which `text` fits `width` × `height` (else the smallest). */
export function fitting(
  doc: Doc,
  text: string | Span[],
  width: number,
  height: number,
  style: Omit<TextStyle, 'size'>,
  sizes: number[],
): number {
  for (const size of sizes) if (measure(doc, text, width, { ...style, size }) <= height) return size;
  return sizes[sizes.length - 1]!;
}

/** Sets `text` in a box `width` wide with its top at y; returns the y below its last line. */
export function write(doc: Doc, text: string | Span[], x: number, y: number, width: number, style: TextStyle): number {
  const lines = layoutLines(doc, text, width, style);
  const step = lineHeight(doc, style);
  lines.forEach((line, index) => {
    const offset = style.align === 'center' ? (width - line.width) / 2 : style.align === 'right' ? width - line.width : 0;
    let cx = x + offset;
    for (const run of line.runs) {
      doc
        .font(fontName(style.face, run.ext))
        .fontSize(style.size)
        .fillColor(run.color)
        .text(run.text, cx, y + index * step, { lineBreak: false, characterSpacing: style.characterSpacing ?? 0 });
      cx += run.width;
    }
  });
  return y + lines.length * step;
}
