/**
 * Content type and pixel size of an image file, read from its bytes (PNG, GIF, JPEG, WEBP) or, for
 * SVG, from the `width`/`height` attributes or the `viewBox` of the root element.
 */
export interface ImageInfo {
  contentType: string;
  width?: number;
  height?: number;
}

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
};

export function contentTypeForExtension(fileName: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext ? EXTENSION_TYPES[ext] : undefined;
}

/** Returns null when the bytes are not a supported image. */
export function inspectImage(data: Buffer, fileName: string): ImageInfo | null {
  if (isPng(data)) return { contentType: 'image/png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (isGif(data)) return { contentType: 'image/gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8) return { contentType: 'image/jpeg', ...jpegSize(data) };
  if (data.length >= 30 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return { contentType: 'image/webp', ...webpSize(data) };
  }
  const head = data.toString('utf8', 0, Math.min(data.length, 4096));
  if (/<svg[\s>]/i.test(head) || contentTypeForExtension(fileName) === 'image/svg+xml') {
    if (!/<svg[\s>]/i.test(data.toString('utf8'))) return null;
    return { contentType: 'image/svg+xml', ...svgSize(data.toString('utf8')) };
  }
  if (contentTypeForExtension(fileName) === 'image/avif') return { contentType: 'image/avif' };
  return null;
}

function isPng(data: Buffer): boolean {
  return data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.readUInt32BE(4) === 0x0d0a1a0a;
}

function isGif(data: Buffer): boolean {
  const sig = data.toString('latin1', 0, 6);
  return data.length >= 10 && (sig === 'GIF87a' || sig === 'GIF89a');
}

function jpegSize(data: Buffer): { width?: number; height?: number } {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) {
      offset++;
      continue;
    }
    const marker = data[offset + 1] ?? 0;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0xff) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return {};
}

function webpSize(data: Buffer): { width?: number; height?: number } {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && data.length >= 30) {
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && data.length >= 25) {
    const b0 = data[21] ?? 0;
    const b1 = data[22] ?? 0;
    const b2 = data[23] ?? 0;
    const b3 = data[24] ?? 0;
    return {
      width: 1 + (((b1 & 0x3f) << 8) | b0),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    };
  }
  if (chunk === 'VP8X' && data.length >= 30) {
    return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  }
  return {};
}

function svgSize(svg: string): { width?: number; height?: number } {
  const tag = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!tag) return {};
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1]?.trim();
  const px = (value: string | undefined) => {
    const match = value ? /^(\d+(?:\.\d+)?)(px)?$/.exec(value) : null;
    return match ? Math.round(Number(match[1])) : undefined;
  };
  const width = px(attr('width'));
  const height = px(attr('height'));
  if (width && height) return { width, height };
  const viewBox = (attr('viewBox') ?? '').split(/[\s,]+/).map(Number);
  const [, , vbWidth, vbHeight] = viewBox;
  if (viewBox.length === 4 && vbWidth && vbHeight && vbWidth > 0 && vbHeight > 0) {
    return { width: Math.round(vbWidth), height: Math.round(vbHeight) };
  }
  return {};
}
