import { availableParallelism } from 'node:os';
import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import { BRAND } from './brand.js';
import { cardFonts } from './fonts.js';
import type { CardPicture, RenderedImage } from './types.js';

/**
 * The pipeline of every PNG: a tree of plain objects (satori's element form, no JSX) → satori
 * (layout with yoga, text to paths with the card font, an SVG) → resvg (rasterised off the main
 * thread) → sharp (PNG, as a palette PNG if the full-colour one is over the budget).
 */

type Style = Record<string, string | number>;
export type Child = CardNode | string | null | false | undefined;
export interface CardNode {
  type: string;
  props: { style?: Style; children?: Child[] | Child; src?: string; width?: number; height?: number };
}

/** One element: `h('div', { display: 'flex' }, child, …)`; an img takes `{ src, width, height }` in `attrs`. */
export function h(type: 'div' | 'span', style: Style, ...children: Child[]): CardNode {
  const kept = children.filter((child) => child !== null && child !== false && child !== undefined && child !== '');
  return { type, props: { style: type === 'div' ? { display: 'flex', boxSizing: 'border-box', ...style } : style, children: kept } };
}

export function img(src: string, width: number, height: number, style: Style = {}): CardNode {
  return { type: 'img', props: { src, width, height, style: { width, height, ...style } } };
}

/**
 * Renders run at most one per core at a time; the others wait their turn. A burst of crawlers for
 * a hundred different entries then costs the memory of two renders (not of a hundred pictures
 * decoded at once: ~1 GB measured without the limit) and the first answers come first.
 */
const SLOTS = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

export async function inRenderSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The byte budget of one image (issue 23: ≤ 300 KB). */
export const MAX_BYTES = 300 * 1024;

type SatoriElement = Parameters<typeof satori>[0];

/** A photo already cropped to its box, as raw RGB pixels, placed beneath everything (see `coverPixels`). */
export interface Beneath {
  pixels: Buffer;
  width: number;
  height: number;
  left: number;
  top: number;
}

export interface RenderOptions {
  /**
   * SVG markup drawn beneath the layout, in the image's coordinates: the brand ground, slanted
   * panels, a photo as an `<image>`. Drawn natively by resvg it costs a fraction of the same shapes
   * as satori images (each a nested document with a clip path and a mask).
   */
  underlay?: string;
  /** The image shows a photo: it goes straight to JPEG (a PNG of a photo never fits the budget, and making one first cost a third of the render). */
  photo?: boolean;
  /**
   * A photo beneath the layout, put together with it by sharp: the photo is neither encoded for
   * nor decoded by resvg. Where it shows, layout and underlay leave the image transparent.
   */
  beneath?: Beneath;
}

/** Lays out `node` and rasterises it, as a PNG within the budget or else a JPEG. */
export async function renderImage(node: CardNode, width: number, height: number, options: RenderOptions = {}): Promise<RenderedImage> {
  const laidOut = await satori(node as unknown as SatoriElement, { width, height, fonts: cardFonts() });
  const svg = options.underlay ? withUnderlay(laidOut, options.underlay) : laidOut;
  const rendered = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, logLevel: 'off' });
  // resvg's pixels are premultiplied RGBA; over an opaque image that is all sharp needs to know.
  const layer = {
    input: rendered.pixels,
    raw: { width: rendered.width, height: rendered.height, channels: 4 as const, premultiplied: true },
  };
  const { beneath } = options;
  const raw = beneath
    ? () =>
        sharp({ create: { width, height, channels: 3, background: BRAND.navy } }).composite([
          {
            input: beneath.pixels,
            raw: { width: beneath.width, height: beneath.height, channels: 3 },
            left: beneath.left,
            top: beneath.top,
          },
          layer,
        ])
    : () => sharp(rendered.pixels, { raw: layer.raw }).removeAlpha();
  if (!options.photo && !beneath) {
    const png = await raw().png({ compressionLevel: 6 }).toBuffer();
    if (png.byteLength <= MAX_BYTES) return { data: png, contentType: 'image/png' };
  }
  // JPEG without chroma subsampling, so the brand's yellow and the type stay crisp; lower quality only if needed.
  for (const quality of [88, 80, 70, 60, 50, 40]) {
    const jpeg = await raw().jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (jpeg.byteLength <= MAX_BYTES || quality === 40) return { data: jpeg, contentType: 'image/jpeg' };
  }
  throw new Error('unreachable');
}

/** satori's SVG with `markup` inserted as its first child. */
function withUnderlay(svg: string, markup: string): string {
  const open = svg.indexOf('>', svg.indexOf('<svg')) + 1;
  return svg.slice(0, open) + markup + svg.slice(open);
}

/** Pictures: at most this many input pixels are decoded (a picture bomb fails fast and the card shows no picture). */
const LIMIT_INPUT_PIXELS = 64_000_000;

/**
 * A picture cropped to fill a box (centre), as a data URI; null if it does not decode. Photos
 * are passed on as JPEG; drawings (SVG, PNG, GIF: flat colours) as PNG, which keeps their edges
 * clean and the card's PNG small.
 */
export async function coverPicture(picture: CardPicture | null | undefined, width: number, height: number): Promise<string | null> {
  if (!picture) return null;
  try {
    const input = sharp(picture.data, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error' });
    const { format } = await input.metadata();
    const sized = input.rotate().resize(width, height, { fit: 'cover', position: 'centre' }).flatten({ background: '#ffffff' });
    if (format === 'svg' || format === 'png' || format === 'gif') {
      return `data:image/png;base64,${(await sized.png({ compressionLevel: 1 }).toBuffer()).toString('base64')}`;
    }
    return `data:image/jpeg;base64,${(await sized.jpeg({ quality: 90 }).toBuffer()).toString('base64')}`;
  } catch {
    return null;
  }
}

/** Whether a data URI from `coverPicture` is a photo (JPEG), which makes the card a JPEG. */
export const isPhoto = (uri: string | null): boolean => uri?.startsWith('data:image/jpeg') ?? false;

/** A picture cropped to fill a box (centre), as raw RGB pixels for `Beneath`; null if it does not decode. */
export async function coverPixels(picture: CardPicture | null | undefined, width: number, height: number): Promise<Buffer | null> {
  if (!picture) return null;
  try {
    return await sharp(picture.data, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer();
  } catch {
    return null;
  }
}

/** A logo fitted inside a square box (transparent around it), as a PNG data URI; null if it does not decode. */
export async function containPicture(picture: CardPicture | null | undefined, size: number): Promise<string | null> {
  if (!picture) return null;
  try {
    const png = await sharp(picture.data, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return null;
  }
}

/** An `<image>` of the underlay (a data URI made here: no user text reaches the markup). */
export function svgImage(href: string, x: number, y: number, width: number, height: number): string {
  return `<image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" href="${href}"/>`;
}
