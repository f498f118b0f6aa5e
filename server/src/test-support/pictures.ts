import sharp, { type Sharp } from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { PresignedPostDto } from '@erd/shared-contracts/wire';

/** Test pictures made with sharp, and the multipart form the browser posts to a presigned target. */

/** An RGB colour, each channel 0 to 255 (fractions are cut off as a byte array cuts them). */
export type Rgb = readonly [red: number, green: number, blue: number];

/**
 * A `width` × `height` picture whose pixel (x, y) has `colour(x, y)` (a gradient gives the encoders
 * something to do), as a sharp pipeline to encode. The end-to-end tests make their pictures with it too.
 */
export function rawPicture(width: number, height: number, colour: (x: number, y: number) => Rgb): Sharp {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(colour(x, y), (y * width + x) * 3);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

export async function picture(
  format: 'jpeg' | 'png' | 'gif' | 'webp',
  width = 1600,
  height = 1200,
  options: { gps?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  let image = rawPicture(width, height, (x, y) => [(x * 255) / width, (y * 255) / height, 128]);
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'Testkamera', Model: 'T-1', Artist: 'Erika Musterfrau' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 30/1' },
    });
  }
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

export interface FormBody {
  payload: Buffer;
  headers: Record<string, string>;
}

/** A multipart form: the fields in order, then `file`. */
export async function multipartForm(
  fields: Record<string, string>,
  file: { name: string; type: string; data: Buffer } | null,
): Promise<FormBody> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

/** POSTs a file to a presigned target of the embedded default through `inject`. */
export async function postUpload(
  app: FastifyInstance,
  presigned: PresignedPostDto,
  file: { name: string; type: string; data: Buffer } | null,
  headers: Record<string, string>,
  fields: Record<string, string> = presigned.data.fields,
) {
  const body = await multipartForm(fields, file);
  return app.inject({ method: 'POST', url: presigned.data.url, payload: body.payload, headers: { ...headers, ...body.headers } });
}
