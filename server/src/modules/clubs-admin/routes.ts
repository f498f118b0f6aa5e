import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { CLUB_SORTS, clubsAdminPaths } from '@erd/shared-contracts/backoffice';
import { PICTURE_MAX_BYTES } from '@erd/shared-contracts/wire';
import { ValidationError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, ID_MAX_LENGTH, multipartBody } from '../../http/schemas.js';
import { mediaTooLarge } from '../challenges-admin/media.js';
import type { AppContext } from '../../context.js';
import { errorResponses, errorSchema, looseObject } from '../../http/schemas.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import { applyClubImport, CLUB_CSV_MAX_BYTES, CLUB_MAX_PAGE_SIZE, listClubsForOperator, previewClubImport, uploadClubLogo } from './service.js';

/**
 * Clubs in the back office (`clubsAdminPaths`): a scope of its own with the operator access hook.
 * Both roles read the list; the CSV import (preview, apply) is admin. The CSV comes as the body
 * (`text/csv`, the file's bytes in any encoding the service knows, at most 2 MB).
 */

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: looseObject, 413: errorSchema } as const;
const BODY_LIMIT = CLUB_CSV_MAX_BYTES + 64 * 1024;
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The club list as a CSV file's bytes (no JSON type: the body is a Buffer; the service checks and decodes it). */
const csvBody = { content: { 'text/csv': { schema: { description: 'The CSV file as saved (UTF-8, with or without BOM, or Windows-1252)' } } } } as const;

export const clubsAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: clubs');
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fieldNameSize: 100, fieldSize: 1024, fields: 5, fileSize: PICTURE_MAX_BYTES + 1, files: 1, parts: 6, headerPairs: 50 },
  });
  // The file's bytes: the service finds out the encoding (UTF-8 or German Excel's Windows-1252).
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get<{ Querystring: { query?: string; from?: number; size?: number; sort?: (typeof CLUB_SORTS)[number] } }>(
    clubsAdminPaths.clubs,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The clubs, searched, sorted and paged',
        querystring: {
          type: 'object',
          properties: {
            query: { type: 'string', maxLength: 200 },
            from: { type: 'integer', minimum: 0, maximum: 10_000_000 },
            size: { type: 'integer', minimum: 1, maximum: CLUB_MAX_PAGE_SIZE },
            sort: { type: 'string', enum: [...CLUB_SORTS] },
          },
          additionalProperties: false,
        },
        response: { 200: dto('ClubAdminPageDto'), ...errors },
      },
    },
    async (request) => listClubsForOperator({ ctx, input: request.query }),
  );

  app.post<{ Body: unknown }>(
    clubsAdminPaths.importPreview,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: BODY_LIMIT,
      schema: { summary: 'Check a club list (CSV) and show what importing it would change', body: csvBody, response: { 200: dto('ClubImportPreviewDto'), ...errors } },
    },
    async (request) => previewClubImport({ ctx, input: { file: request.body } }),
  );

  app.post<{ Body: unknown; Querystring: { previewHash?: string } }>(
    clubsAdminPaths.importApply,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Import the previewed club list (CSV; previewHash of the preview)',
        body: csvBody,
        querystring: {
          type: 'object',
          required: ['previewHash'],
          properties: { previewHash: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
          additionalProperties: false,
        },
        response: { 200: dto('ClubImportResultDto'), ...errors },
      },
    },
    async (request) => applyClubImport({ ctx, input: { file: request.body, previewHash: request.query.previewHash, actor: actorOf(request) } }),
  );

  // One picture (multipart field `file`) → the club's logo.
  app.post<{ Params: { id: string } }>(
    '/api/operator/clubs/:id/logo',
    {
      config: { operatorAccess: 'admin' },
      schema: {
        summary: 'Upload a club’s logo (multipart field `file`)',
        body: multipartBody('The logo as `file`'),
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH } } },
        response: { 200: dto('ClubAdminDto'), ...errors, 404: errorSchema, 415: errorSchema },
      },
    },
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > PICTURE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
        reply.header('connection', 'close');
        throw mediaTooLarge();
      }
      if (!request.isMultipart()) throw new ValidationError('Erwartet wird ein Formular (multipart/form-data).', { field: 'file' });
      const actor = actorOf(request);
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') continue;
          if (part.fieldname !== 'file') throw new ValidationError('Die Datei gehört in das Feld "file".', { field: 'file' });
          return await uploadClubLogo({ ctx, input: { id: request.params.id, file: part.file, filename: part.filename || 'logo', actor } });
        }
      } catch (error) {
        reply.header('connection', 'close');
        throw error;
      }
      throw new ValidationError('Das Formular enthält keine Datei.', { field: 'file' });
    },
  );
};
