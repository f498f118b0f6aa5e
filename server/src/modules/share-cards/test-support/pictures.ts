import sharp from 'sharp';

/**
 * Pictures for the card tests, made here: a photo-like JPEG (gradients with grain: the worst case
 * for a PNG's size) and a club logo as SVG (as the demo season's logos are).
 */

export async function photoLike(width = 1600, height = 1200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 42;
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    raw[i * 3] = Math.floor((x / width) * 200 + random() * 55);
    raw[i * 3 + 1] = Math.floor((y / height) * 200 + random() * 55);
    raw[i * 3 + 2] = Math.floor(random() * 255);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

export const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120">' +
    '<path d="M50 4 96 20v36c0 30-20 52-46 62C24 108 4 86 4 56V20z" fill="#1f3f8f" stroke="#0b2a4a" stroke-width="4"/>' +
    '<path d="M8 70 92 30v14L10 84z" fill="#f2c80f"/><circle cx="50" cy="92" r="8" fill="#fff"/></svg>',
);
