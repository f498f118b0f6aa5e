import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { PresignedPostDto } from '@erd/shared-contracts/wire';

/** Test pictures made with sharp, and the multipart form the browser posts to a presigned target. */

export async function picture(
  format: 'jpeg' | 'png' | 'gif' | 'webp',
  width = 1600,
  height = 1200,
  options: { gps?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  // A gradient, so the encoders have something to do.
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
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
