import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The cards' typeface: Roboto Condensed from @fontsource (self-hosted, the site's headline font),
 * as `.woff` files (satori's font parser does not read woff2). Each weight comes in two files, the
 * `latin` and `latin-ext` subsets; satori picks the one that has a glyph. Three faces only: 400 and
 * 700 upright for text, 800 italic for the wordmark and the headlines (the header's logo is a heavy
 * italic). The files are read once, on the first card, from node_modules.
 */

export const CARD_FONT = 'Roboto Condensed';

export type FaceName = 'regular' | 'bold' | 'heavyItalic';

interface FaceSpec {
  weight: 400 | 700 | 800;
  style: 'normal' | 'italic';
}

const FACES: Record<FaceName, FaceSpec> = {
  regular: { weight: 400, style: 'normal' },
  bold: { weight: 700, style: 'normal' },
  heavyItalic: { weight: 800, style: 'italic' },
};

const SUBSETS = ['latin', 'latin-ext'] as const;

export interface LoadedFace {
  name: string;
  data: Buffer;
  weight: FaceSpec['weight'];
  style: FaceSpec['style'];
}

const require = createRequire(import.meta.url);
const PACKAGE = '@fontsource/roboto-condensed';

function fontFile(subset: string, face: FaceSpec): string {
  return require.resolve(`${PACKAGE}/files/roboto-condensed-${subset}-${face.weight}-${face.style}.woff`);
}

let loaded: Record<FaceName, { latin: Buffer; latinExt: Buffer }> | null = null;
let faces: LoadedFace[] | null = null;

function load() {
  loaded ??= Object.fromEntries(
    (Object.keys(FACES) as FaceName[]).map((name) => {
      const face = FACES[name];
      return [name, { latin: fs.readFileSync(fontFile(SUBSETS[0], face)), latinExt: fs.readFileSync(fontFile(SUBSETS[1], face)) }];
    }),
  ) as Record<FaceName, { latin: Buffer; latinExt: Buffer }>;
  return loaded;
}

/** satori's font list: one array for the process, so satori's own per-list cache is hit on every card. */
export function cardFonts(): LoadedFace[] {
  const files = load();
  faces ??= (Object.keys(FACES) as FaceName[]).flatMap((name) => [
    { name: CARD_FONT, data: files[name].latin, ...FACES[name] },
    { name: CARD_FONT, data: files[name].latinExt, ...FACES[name] },
  ]);
  return faces;
}

/** The two files of one face (latin, latin-ext), for pdfkit, which takes one file per registered font. */
export function faceFiles(name: FaceName): { latin: Buffer; latinExt: Buffer } {
  return load()[name];
}

type Range = readonly [number, number];

let ranges: { latin: Range[]; latinExt: Range[] } | null = null;

/** `U+0000-00FF,U+0131` → [[0, 255], [305, 305]] (fontsource's unicode.json, the subsets' unicode-range). */
function parseRanges(text: string): Range[] {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from!, 16);
    return [start, to === undefined ? start : parseInt(to, 16)] as const;
  });
}

function subsetRanges() {
  if (!ranges) {
    const json = JSON.parse(fs.readFileSync(require.resolve(`${PACKAGE}/unicode.json`), 'utf8')) as Record<string, string>;
    ranges = { latin: parseRanges(json['latin'] ?? ''), latinExt: parseRanges(json['latin-ext'] ?? '') };
  }
  return ranges;
}

const inRanges = (code: number, list: Range[]) => list.some(([from, to]) => code >= from && code <= to);

/** Which subset draws a code point: 'latin', 'latin-ext', or null (no glyph: emoji, other scripts). */
export function subsetOf(code: number): 'latin' | 'latin-ext' | null {
  const { latin, latinExt } = subsetRanges();
  if (inRanges(code, latin)) return 'latin';
  if (inRanges(code, latinExt)) return 'latin-ext';
  return null;
}
