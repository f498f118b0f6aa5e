import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { processPicture } from './image.js';

/**
 * processPicture on pictures as phones and cameras make them: one decode to upright sRGB pixels,
 * the original re-encoded from it and the renditions from a 1024-wide copy. Colours, transparency,
 * bit depth and grey stay right; animated pictures keep their first frame.
 */

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-image-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function write(name: string, data: Buffer): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

/** The pixel at (x, y) of an encoded picture, as [r, g, b, a?]. */
async function pixel(data: Buffer, x = 10, y = 10): Promise<number[]> {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [...raw.subarray(i, i + info.channels)];
}

const solid = (width: number, height: number, background: { r: number; g: number; b: number; alpha?: number }, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

const near = (actual: number[], expected: number[], tolerance = 8) =>
  expected.every((value, i) => Math.abs((actual[i] ?? -999) - value) <= tolerance);

test('a CMYK JPEG comes out as sRGB with its colour', async () => {
  const file = await write(
    'cmyk.jpg',
    await solid(1200, 800, { r: 200, g: 30, b: 40 }).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer(),
  );
  expect((await sharp(file).metadata()).space).toBe('cmyk');
  const out = await processPicture(file, 'jpeg');
  const meta = await sharp(out.original.data).metadata();
  expect(meta.space).toBe('srgb');
  expect(meta.channels).toBe(3);
  const rgb = await pixel(out.original.data);
  // The same colour as libvips' own CMYK → sRGB conversion of the file (without a profile that is not exact).
  const reference = await pixel(await sharp(file).jpeg().toBuffer());
  expect(near(rgb, reference, 6)).toBe(true);
  expect(rgb[0]).toBeGreaterThan(150);
  expect(near(await pixel(out.renditions[0]!.data), rgb, 12)).toBe(true);
});

test('a grey JPEG, a 16-bit PNG and a PNG with transparency keep what they show', async () => {
  const grey = await write('grey.jpg', await solid(900, 600, { r: 90, g: 90, b: 90 }).toColourspace('b-w').jpeg().toBuffer());
  const greyOut = await processPicture(grey, 'jpeg');
  expect(near(await pixel(greyOut.original.data), [90, 90, 90])).toBe(true);

  const deep = await write('deep.png', await solid(800, 600, { r: 10, g: 200, b: 120 }).toColourspace('rgb16').png().toBuffer());
  expect((await sharp(deep).metadata()).depth).toBe('ushort');
  const deepOut = await processPicture(deep, 'png');
  expect(near(await pixel(deepOut.original.data), [10, 200, 120])).toBe(true);
  expect(near(await pixel(deepOut.renditions[2]!.data), [10, 200, 120])).toBe(true);

  const clear = await write('alpha.png', await solid(640, 480, { r: 255, g: 0, b: 0, alpha: 0.25 }, 4).png().toBuffer());
  const clearOut = await processPicture(clear, 'png');
  expect((await sharp(clearOut.original.data).metadata()).hasAlpha).toBe(true);
  expect(near(await pixel(clearOut.original.data), [255, 0, 0, 64])).toBe(true);
  expect((await sharp(clearOut.renditions[0]!.data).metadata()).hasAlpha).toBe(true);
});

test('renditions: 320, 640 and 1024 wide, never enlarged; the original keeps its size and format', async () => {
  const big = await write('big.webp', await solid(3000, 2000, { r: 1, g: 2, b: 3 }).webp().toBuffer());
  const out = await processPicture(big, 'webp');
  expect([out.original.width, out.original.height, out.original.ext]).toEqual([3000, 2000, 'webp']);
  expect(out.renditions.map((r) => [r.target, r.width, r.height])).toEqual([
    [320, 320, 213],
    [640, 640, 427],
    [1024, 1024, 683],
  ]);
  const small = await write('small.png', await solid(500, 400, { r: 1, g: 2, b: 3 }).png().toBuffer());
  expect((await processPicture(small, 'png')).renditions.map((r) => r.width)).toEqual([320, 500, 500]);
});

test('an animated GIF keeps its first frame, as a GIF', async () => {
  const frame = (background: { r: number; g: number; b: number }) => solid(300, 200, background).png().toBuffer();
  const frames = await Promise.all([frame({ r: 0, g: 0, b: 255 }), frame({ r: 0, g: 255, b: 0 })]);
  const gif = await sharp(frames, { join: { animated: true } })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
  expect((await sharp(gif).metadata()).pages).toBe(2);
  const file = await write('anim.gif', gif);
  const out = await processPicture(file, 'gif');
  expect(out.original.ext).toBe('gif');
  expect((await sharp(out.original.data).metadata()).pages ?? 1).toBe(1);
  expect(near(await pixel(out.original.data), [0, 0, 255], 20)).toBe(true);
});
