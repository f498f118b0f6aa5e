import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { clubsAdminPaths } from '@erd/shared-contracts/backoffice';
import {
  clubAdminPageSchema,
  clubAdminQuerySchema,
  clubAdminSchema,
  clubImportApplyQuerySchema,
  clubImportConflictAnswerSchema,
  clubImportPreviewSchema,
  clubImportResultSchema,
  clubLogoParamsSchema,
} from '@erd/shared-contracts/schemas';
import { PICTURE_MAX_BYTES } from '@erd/shared-contracts/wire';
import { tagRoutes } from '../../http/openapi.js';
import { operatorRead } from '../../http/operator-routes.js';
import { multipartBody } from '../../http/schemas.js';
import { errorsWith, zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { withFormPicture } from '../challenges-admin/media.js';
import type { AppContext } from '../../context.js';
import { actorOf } from '../operators/access.js';
import { applyClubImport, CLUB_CSV_MAX_BYTES, listClubsForOperator, previewClubImport, uploadClubLogo } from './service.js';

/**
 * Clubs in the back office (`clubsAdminPaths`): a scope of its own in the operator API
 * (modules/operators/scope.ts: access hook, `no-store`).
 * Both roles read the list; the CSV import (preview, apply) is admin. The CSV comes as the body
 * (`text/csv`, the file's bytes in any encoding the service knows, at most 2 MB).
 */

const errors = { ...errorsWith(401, 403, 413), 409: clubImportConflictAnswerSchema } as const;
const BODY_LIMIT = CLUB_CSV_MAX_BYTES + 64 * 1024;

/** The club list as a CSV file's bytes (no JSON type: the body is a Buffer; the service checks and decodes it). */
const csvBody = {
  content: { 'text/csv': { schema: { description: 'The CSV file as saved (UTF-8, with or without BOM, or Windows-1252)' } } },
} as const;

/** The body as the CSV file's bytes (a string as `text/plain`); anything else is no file. */
const csvFile = (payload: unknown): Buffer | string | null => (Buffer.isBuffer(payload) || typeof payload === 'string' ? payload : null);

export const clubsAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: clubs');
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fieldNameSize: 100, fieldSize: 1024, fields: 5, fileSize: PICTURE_MAX_BYTES + 1, files: 1, parts: 6, headerPairs: 50 },
  });
  // The file's bytes: the service finds out the encoding (UTF-8 or German Excel's Windows-1252).
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  const r = zodRoutes(app);
  // Params and query by zod; the CSV and the multipart form are read by the handlers.

  operatorRead(r, clubsAdminPaths.clubs, {
    access: 'operator',
    summary: 'The clubs, searched, sorted and paged',
    querystring: clubAdminQuerySchema,
    answer: clubAdminPageSchema,
    errors,
    read: (input) => listClubsForOperator({ ctx, input }),
  });

  r.post(
    clubsAdminPaths.importPreview,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Check a club list (CSV) and show what importing it would change',
        body: csvBody,
        response: { 200: clubImportPreviewSchema, ...errors },
      },
    },
    async (request) => previewClubImport({ ctx, input: { file: csvFile(request.body) } }),
  );

  r.post(
    clubsAdminPaths.importApply,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Import the previewed club list (CSV; previewHash of the preview)',
        body: csvBody,
        querystring: clubImportApplyQuerySchema,
        response: { 200: clubImportResultSchema, ...errors },
      },
    },
    async (request) =>
      applyClubImport({ ctx, input: { file: csvFile(request.body), previewHash: request.query.previewHash, actor: actorOf(request) } }),
  );

  // One picture (multipart field `file`) → the club's logo.
  r.post(
    '/api/operator/clubs/:id/logo',
    {
      config: { operatorAccess: 'admin' },
      schema: {
        summary: 'Upload a club’s logo (multipart field `file`)',
        body: multipartBody('The logo as `file`'),
        params: clubLogoParamsSchema,
        response: { 200: clubAdminSchema, ...errors, 404: zodErrorSchema, 415: zodErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return withFormPicture(request, reply, (file, filename) =>
        uploadClubLogo({ ctx, input: { id: request.params.id, file, filename: filename || 'logo', actor } }),
      );
    },
  );
};
