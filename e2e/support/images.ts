import sharp from 'sharp';

/** A real 1600×1000 PNG (gradient), so the server makes all its renditions. */
export async function pngBytes(): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = 40 + (x * 180) / width;
      pixels[i + 1] = 90 + (y * 120) / height;
      pixels[i + 2] = 60;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
