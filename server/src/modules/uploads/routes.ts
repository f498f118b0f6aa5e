import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { uploadedPictureSchema } from '@erd/shared-contracts/schemas';
import { PICTURE_MAX_BYTES, uploadPaths } from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { multipartBody } from '../../http/schemas.js';
import { errorsWith, zodRoutes } from '../../http/zod.js';
import { receiveUpload, tooLargeError } from './service.js';

/**
 * POST /api/uploads: the embedded default's upload target (the `data.url` of a presigned post).
 * A multipart form: the signed fields of createpresignedpost, then `file` (as S3 expects it).
 * No access token: the signed policy is the authorisation. The anti-forgery check of every unsafe
 * `/api/` call stays on: the browser posts to this relative URL through the API client, which
 * sends the header (and a cross-site form cannot), so it costs nothing and keeps the rule simple.
 *
 * Large bodies are refused early: a declared length above the limit is answered 413 before a byte is
 * read; without a length the stream is cut at PICTURE_MAX_BYTES. Nothing is buffered in memory.
 * Only registered in the embedded default (in S3 mode the browser posts to the bucket).
 */

/** Room for the signed fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const uploadRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'entries');
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    // One byte more than allowed: the service's own counter sees it and fails the stream at once
    // (busboy would cut the file silently and go on reading the body to its end).
    limits: { fieldNameSize: 100, fieldSize: 8 * 1024, fields: 10, fileSize: PICTURE_MAX_BYTES + 1, files: 1, parts: 12, headerPairs: 50 },
  });

  // zod answers; the multipart body stays documented by its media type and is read by the handler.
  const r = zodRoutes(app);
  r.post(
    uploadPaths.upload,
    {
      schema: {
        summary: 'Upload a picture (multipart: the presigned fields, then `file`; embedded storage only)',
        body: multipartBody('The presigned POST’s fields (createpresignedpost) in their order, then the picture as `file`'),
        response: { 201: uploadedPictureSchema, ...errorsWith(403, 413, 415) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > PICTURE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
        // Do not wait for a body we are not going to read.
        reply.header('connection', 'close');
        throw tooLargeError();
      }
      if (!request.isMultipart()) throw new ValidationError('Erwartet wird ein Formular (multipart/form-data).');
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file') throw new ValidationError('Die Datei gehört in das Feld "file".');
          const uploaded = await receiveUpload({ ctx, input: { fields, file: part.file } });
          return reply.code(201).send(uploaded);
        }
      } catch (error) {
        // The rest of a refused body is not read: the connection ends with the answer.
        reply.header('connection', 'close');
        throw error;
      }
      throw new ValidationError('Das Formular enthält keine Datei.');
    },
  );
};
