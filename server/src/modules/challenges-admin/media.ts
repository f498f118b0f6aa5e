import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { PICTURE_MAX_BYTES, type ImageDto } from '@erd/shared-contracts/wire';
import { challengeAdminPaths, type AuditAction } from '@erd/shared-contracts/backoffice';
import { imageSchema, operatorMediaErrorCodeSchema } from '@erd/shared-contracts/schemas';
import { dataPaths } from '../../config.js';
import type { AppContext, ServiceCall } from '../../context.js';
import { CodedError, ValidationError } from '../../errors.js';
import { multipartBody } from '../../http/schemas.js';
import { errorsWith, zodRoutes } from '../../http/zod.js';
import { slugify } from '../../lib/text.js';
import { byteLimit } from '../../lib/byte-limit.js';
import { actorFields, appendAudit, type Actor } from '../audit/service.js';
import { actorOf } from '../operators/access.js';
import { PictureRejectedError, sniffImageFile, type PictureFormat, type ProcessedPicture } from '../uploads/image.js';

/**
 * POST /api/operator/media (admin): one picture for a challenge's teaser or prizes. Judged by its
 * content and re-encoded without metadata like a club's picture (ctx.pictures, modules/uploads),
 * with the WEBP renditions; stored in the media store the season import uses (content-hashed
 * names, served at /media/…). The answer is the `ImageDto` the challenge fields take; an audit row
 * records who uploaded what (the picture is in use only once a challenge is saved with it).
 */

type Ctx = Pick<AppContext, 'db' | 'now' | 'config' | 'media' | 'pictures' | 'log'>;

export const MEDIA_UPLOAD_ACTION = 'media-upload' as AuditAction;
/** The back office takes JPEG, PNG and WEBP (no GIF: teasers are still pictures). */
const ALLOWED: readonly PictureFormat[] = ['jpeg', 'png', 'webp'];

export const MEDIA_MESSAGES = {
  tooLarge: 'Das Bild ist zu groß (höchstens 10 MB).',
  unsupported: 'Erlaubt sind JPEG, PNG oder WEBP.',
  empty: 'Die Datei ist leer.',
} as const;

const { TooLarge, UnsupportedImage } = operatorMediaErrorCodeSchema.enum;

export const mediaTooLarge = () => new CodedError(413, TooLarge, MEDIA_MESSAGES.tooLarge, { field: 'file' });
const unsupported = (message: string = MEDIA_MESSAGES.unsupported) => new CodedError(415, UnsupportedImage, message, { field: 'file' });

export async function uploadMedia({ ctx, input }: ServiceCall<Ctx, { file: Readable; filename: string; actor: Actor }>): Promise<ImageDto> {
  const dir = dataPaths(ctx.config).incoming;
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `operator-${randomBytes(8).toString('hex')}`);
  try {
    const counter = { bytes: 0 };
    try {
      await pipeline(input.file, byteLimit(PICTURE_MAX_BYTES, counter, mediaTooLarge), createWriteStream(temp));
    } catch (error) {
      const code = (error as { code?: unknown; statusCode?: unknown } | null)?.code;
      if (code === TooLarge || code === 'FST_REQ_FILE_TOO_LARGE' || (error as { statusCode?: unknown }).statusCode === 413)
        throw mediaTooLarge();
      throw error;
    }
    if ((input.file as { truncated?: boolean }).truncated) throw mediaTooLarge();
    if (counter.bytes === 0) throw unsupported(MEDIA_MESSAGES.empty);
    const format = await sniffImageFile(temp);
    if (!format || !ALLOWED.includes(format)) throw unsupported();
    let processed: ProcessedPicture;
    try {
      processed = await ctx.pictures.process(temp, format);
    } catch (error) {
      if (error instanceof PictureRejectedError) {
        throw error.reason === 'too-many-pixels' ? new CodedError(413, TooLarge, error.message, { field: 'file' }) : unsupported();
      }
      throw error;
    }
    const base = slugify(path.basename(input.filename, path.extname(input.filename))).slice(0, 30) || 'bild';
    const original = await ctx.media.put(processed.original.data, `${base}.${processed.original.ext}`);
    const renditions = [];
    for (const r of processed.renditions) {
      const stored = await ctx.media.put(r.data, `${base}-w${r.target}.webp`);
      renditions.push({ url: stored.url, width: r.width, format: 'webp' });
    }
    const image: ImageDto = {
      fields: {
        file: {
          url: original.url,
          contentType: processed.original.contentType,
          width: processed.original.width,
          height: processed.original.height,
        },
      },
      metadata: { thumbnails: renditions },
    };
    await appendAudit(ctx.db, {
      action: MEDIA_UPLOAD_ACTION,
      ...actorFields(input.actor),
      subjectType: 'media',
      subjectId: original.name,
      reason: null,
      details: { after: image, bytes: counter.bytes, format },
      at: ctx.now(),
    });
    return image;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The route

const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The one picture of an operator's form (multipart field `file`; other fields are passed over),
 * handed to `use` with its file name. A body declared larger than a picture and its form is
 * refused before it is read (413); a refused form ends the connection with the answer (its rest is
 * not read). The challenges' media and the clubs' logos take their pictures so.
 */
export async function withFormPicture<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  use: (file: Readable, filename: string) => Promise<T>,
): Promise<T> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > PICTURE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    reply.header('connection', 'close');
    throw mediaTooLarge();
  }
  if (!request.isMultipart()) throw new ValidationError('Erwartet wird ein Formular (multipart/form-data).', { field: 'file' });
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') throw new ValidationError('Die Datei gehört in das Feld "file".', { field: 'file' });
      return await use(part.file, part.filename);
    }
  } catch (error) {
    reply.header('connection', 'close');
    throw error;
  }
  throw new ValidationError('Das Formular enthält keine Datei.', { field: 'file' });
}

/**
 * POST /api/operator/media (admin) as a plugin of its own (zod answers): registered inside the
 * challenges' back-office scope, which brings the tag and the multipart parser
 * (challenges-admin/routes.ts), in the operator API (its access hook, modules/operators/scope.ts).
 */
export const mediaUploadRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const r = zodRoutes(app);
  // One picture (multipart field `file`) → the ImageDto for teaserImage or prizeImages.
  r.post(
    challengeAdminPaths.media,
    {
      config: { operatorAccess: 'admin' },
      schema: {
        summary: 'Upload a challenge picture (multipart field `file`) → ImageDto',
        body: multipartBody('The picture as `file` (JPEG, PNG or WebP)'),
        response: {
          201: imageSchema,
          ...errorsWith(401, 403, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const image = await withFormPicture(request, reply, (file, filename) =>
        uploadMedia({ ctx, input: { file, filename: filename || 'bild', actor } }),
      );
      return reply.code(201).send(image);
    },
  );
};
