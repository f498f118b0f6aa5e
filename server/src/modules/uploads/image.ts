import fs from 'node:fs/promises';
import type SharpModule from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { PICTURE_RENDITION_WIDTHS } from '@erd/shared-contracts/wire';

/**
 * Picture processing (decisions §4): the content decides, not the name or the declared type. Only
 * JPEG, PNG, GIF and WEBP are accepted, recognised by their magic bytes and confirmed by the decoder;
 * at most MAX_INPUT_PIXELS. The picture is turned upright (EXIF orientation), then re-encoded
 * without any metadata (no EXIF, no GPS, no XMP; colours converted to sRGB), plus WEBP renditions at
 * the contract's widths (never enlarged). Animated GIF/WEBP keep their first frame.
 */

export type PictureFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** Decisions §4 pixel limit: 40 megapixels (e.g. 7746 × 5164); also bounds decoder memory. */
export const MAX_INPUT_PIXELS = 40_000_000;

export const FORMAT_INFO: Record<PictureFormat, { ext: string; contentType: string }> = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
};

/** The format its first bytes announce, or null (SVG, HTML, TIFF, HEIC, PDF, … are null). */
export function sniffImageFormat(head: Uint8Array): PictureFormat | null {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 6 && (b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

export async function sniffImageFile(file: string): Promise<PictureFormat | null> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffImageFormat(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export class PictureRejectedError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'too-many-pixels',
    message: string,
  ) {
    super(message);
    this.name = 'PictureRejectedError';
  }
}

export interface ProcessedFile {
  data: Buffer;
  width: number;
  height: number;
  contentType: string;
  ext: string;
}

export interface ProcessedPicture {
  format: PictureFormat;
  original: ProcessedFile;
  /** One per PICTURE_RENDITION_WIDTHS entry, in that order; `target` is the nominal width. */
  renditions: (ProcessedFile & { target: number })[];
}

let loading: Promise<typeof SharpModule> | null = null;

/**
 * sharp (libvips, ~20 MB resident) is loaded with the first picture, not with this module: the
 * server imports this module for its types and errors but hands pictures to its picture child.
 */
function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then((module) => {
    const sharp = module.default;
    // Decoded pixels are not worth caching for one-off uploads; keep the memory for the next one.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** At most this many pictures are decoded at once per process (each can take ~200 MB at 40 MP). */
const PARALLEL_PROCESSING = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(run: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_PROCESSING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await run();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const INPUT_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 } as const;

function encodeOriginal(image: Sharp, format: PictureFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' });
    case 'png':
      return image.png({ compressionLevel: 6 });
    case 'gif':
      return image.gif();
    case 'webp':
      return image.webp({ quality: 90 });
  }
}

/**
 * Checks and converts the picture in `file` (already sniffed as `format`). Throws
 * PictureRejectedError when the decoder disagrees with the magic bytes, the file is damaged, or it
 * has more than MAX_INPUT_PIXELS pixels.
 */
export async function processPicture(file: string, format: PictureFormat): Promise<ProcessedPicture> {
  const sharp = await loadSharp();
  return slot(async () => {
    let meta: Metadata;
    try {
      // The header only (no pixels are decoded), so the pixel limit is checked here, not thrown.
      meta = await sharp(file, { ...INPUT_OPTIONS, limitInputPixels: false }).metadata();
    } catch {
      throw new PictureRejectedError('unsupported', 'Die Datei ist kein lesbares Bild.');
    }
    if (meta.format !== format) throw new PictureRejectedError('unsupported', 'Der Inhalt passt nicht zum Bildformat.');
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (!width || !height) throw new PictureRejectedError('unsupported', 'Die Datei ist kein lesbares Bild.');
    if (width * height > MAX_INPUT_PIXELS) {
      throw new PictureRejectedError('too-many-pixels', `Das Bild hat mehr als ${MAX_INPUT_PIXELS / 1_000_000} Megapixel.`);
    }
    try {
      // One decode: the upright picture as raw sRGB pixels. Everything else is encoded from it, one
      // output at a time, and the renditions from a 1024-wide copy: far less memory at once than
      // decoding the file again for every output (four full-size decodes per picture before).
      const pixels = await sharp(file, INPUT_OPTIONS).autoOrient().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } } as const;
      const info = FORMAT_INFO[format];
      const encode = async (pipeline: Sharp, contentType: string, ext: string): Promise<ProcessedFile> => {
        const { data, info: out } = await pipeline.toBuffer({ resolveWithObject: true });
        return { data, width: out.width, height: out.height, contentType, ext };
      };
      const original = await encode(encodeOriginal(sharp(pixels.data, raw), format), info.contentType, info.ext);
      const largest = Math.max(...PICTURE_RENDITION_WIDTHS);
      const small = await sharp(pixels.data, raw)
        .resize({ width: largest, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const smallRaw = { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } } as const;
      const renditions: ProcessedPicture['renditions'] = [];
      for (const target of PICTURE_RENDITION_WIDTHS) {
        const pipeline = sharp(small.data, smallRaw).resize({ width: target, withoutEnlargement: true }).webp({ quality: 80 });
        renditions.push({ ...(await encode(pipeline, 'image/webp', 'webp')), target });
      }
      return { format, original, renditions };
    } catch (error) {
      if (error instanceof PictureRejectedError) throw error;
      // The decoder failed half-way (a truncated or crafted file).
      throw new PictureRejectedError('unsupported', 'Die Datei ist kein lesbares Bild.');
    }
  });
}
