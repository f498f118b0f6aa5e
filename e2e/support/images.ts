import { rawPicture } from '../../server/src/test-support/pictures';

/** A real 1600×1000 PNG (gradient), so the server makes all its renditions. */
export async function pngBytes(): Promise<Buffer> {
  const width = 1600;
  const height = 1000;
  return rawPicture(width, height, (x, y) => [40 + (x * 180) / width, 90 + (y * 120) / height, 60])
    .png()
    .toBuffer();
}
