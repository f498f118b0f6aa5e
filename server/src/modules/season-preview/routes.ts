import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { seasonAdminPaths, seasonPreviewInputSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { signedInErrors, zodRoutes } from '../../http/zod.js';
import { actorFields, appendAudit } from '../audit/service.js';
import { findYear } from '../content/service.js';
import { actorOf } from '../operators/access.js';
import { PREVIEW_COOKIE, PREVIEW_TTL_MS, previewToken } from './token.js';

/**
 * An operator's preview of a season's public pages (issue 26), marked 'Vorschau':
 * - `PUT /api/operator/seasons/preview` (either role): this browser sees the season's public pages
 *   as visitors will once it is the current one, for two hours. Sets `erd_vorschau` (Path=/,
 *   HttpOnly, SameSite=Lax, Secure on https), a signed, expiring token of the year id
 *   (season-preview/token.ts); audited (`season-preview`). 404 for an unknown season.
 * - `DELETE` ends it (clears the cookie). Open to anyone: it only clears this browser's own
 *   cookie, and the public site's 'Vorschau beenden' must work after the operator session ended.
 * The public content (content/routes.ts) and the app's pages (web/routes.ts) honour the cookie,
 * never cached (`private, no-store`).
 */

const previewAnswerSchema = z.strictObject({
  yearId: z.string(),
  year: z.number().int(),
  /** When the preview ends by itself (ISO instant). */
  expiresAt: z.string(),
});

export const seasonPreviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: seasons');
  const r = zodRoutes(app);
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.publicUrl.startsWith('https:') } as const;

  r.put(
    seasonAdminPaths.preview,
    {
      config: { operatorAccess: 'operator', operatorCacheControl: 'private, no-store' },
      bodyLimit: 4 * 1024,
      schema: {
        summary: 'Shows this browser the public pages of a season as “Vorschau” for two hours (sets a cookie; operator)',
        body: seasonPreviewInputSchema,
        response: { 200: previewAnswerSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const year = await findYear(ctx.db, request.body.yearId);
      if (!year) throw new NotFoundError('Diese Saison gibt es nicht.');
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS);
      await appendAudit(ctx.db, {
        action: 'season-preview',
        ...actorFields(actor),
        subjectType: 'year',
        subjectId: year.id,
        reason: null,
        details: { year: year.year, expiresAt: expiresAt.toISOString() },
        at: now,
      });
      reply.setCookie(PREVIEW_COOKIE, previewToken(ctx.secret, year.id, expiresAt), { ...cookieOptions, expires: expiresAt });
      return { yearId: year.id, year: year.year, expiresAt: expiresAt.toISOString() };
    },
  );

  r.delete(
    seasonAdminPaths.preview,
    {
      config: { operatorAccess: 'public', operatorCacheControl: 'private, no-store' },
      schema: { summary: 'Ends this browser’s preview of a season (clears the cookie)', response: { 204: z.null(), ...signedInErrors } },
    },
    async (_request, reply) => {
      reply.clearCookie(PREVIEW_COOKIE, cookieOptions);
      return reply.code(204).send(null);
    },
  );
};
