import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { wireId } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { cacheHeaders, notModified } from '../cache/http.js';
import type { ResultFile } from '../results/files.js';
import { createShareFiles, type ShareFile } from './service.js';

/**
 * GET /share/…: the share images (link previews' `og:image`, 1200×630), the story image (1080×1920)
 * and the poster (A4 PDF) of issue 23. Outside /api/: public, no cookie, kept by a CDN for five
 * minutes (browsers revalidate: a 304 from memory), with a strong ETag of the bytes. Unknown or
 * unpublished things answer 404 (the same rule as the pages and the content API).
 */

export const SHARE_BASE = '/share';

const POLICY = { sMaxAge: 300, staleWhileRevalidate: 3600, staleIfError: 86400 };
const headers = cacheHeaders(POLICY);

/** `<id>.png` / `<id>.pdf` as a path parameter: the id; 404 when the file name is none of ours. */
const fileOf =
  (ext: 'png' | 'pdf') =>
  (name: string): string => {
    const id = name.endsWith(`.${ext}`) ? name.slice(0, -ext.length - 1) : null;
    if (!id || !wireId.safeParse(id).success) throw new NotFoundError('Datei nicht gefunden');
    return id;
  };
const png = fileOf('png');
const pdf = fileOf('pdf');

const fileParam = z.string().min(5).max(210);
const binary = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string', format: 'binary' } } },
});

function send(request: FastifyRequest, reply: FastifyReply, file: ShareFile, download?: string): FastifyReply {
  reply.headers({ ...headers, etag: file.etag, 'x-content-type-options': 'nosniff' });
  if (notModified(request, { etag: file.etag, lastModified: null })) return reply.code(304).send();
  if (download) reply.header('content-disposition', `attachment; filename="${download}"`);
  return reply.code(200).type(file.contentType).send(file.data);
}

const safeName = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 60) || 'beitrag';

export const shareRoutes: FastifyPluginAsync<{ ctx: AppContext; resultFiles: { get(name: string): Promise<ResultFile> } }> = async (
  app,
  { ctx, resultFiles },
) => {
  tagRoutes(app, 'share');
  const r = zodRoutes(app);
  const files = createShareFiles({ ctx, resultFile: resultFiles.get });
  const notFound = { 404: zodErrorSchema };
  const image = { 200: binary('image/png', 'The image (PNG)'), 304: { description: 'Not modified', type: 'null' }, ...notFound } as never;

  r.get(
    '/site.png',
    { schema: { summary: 'The site’s share image (home, overview, legal pages), 1200×630', response: image } },
    async (request, reply) => send(request, reply, await files.siteCard()),
  );
  r.get(
    '/standings.png',
    { schema: { summary: 'The standings’ share image (the podium), 1200×630', response: image } },
    async (request, reply) => send(request, reply, await files.standingsCard()),
  );
  // A club's or challenge's image: `/<kind>/<id>.png`.
  const idParams = z.strictObject({ file: fileParam });
  const imageById = (path: string, summary: string, card: (id: string) => Promise<ShareFile>) =>
    r.get(path, { schema: { summary, params: idParams, response: image } }, async (request, reply) => {
      const id = png(request.params.file);
      return send(request, reply, await card(id));
    });
  imageById('/club/:file', 'A club’s share image (name, team, place, points), 1200×630', (id) => files.clubCard(id));
  imageById('/challenge/:file', 'A challenge’s share image (headline, phase), 1200×630', (id) => files.challengeCard(id));
  const entryParams = z.strictObject({ challengeId: wireId, file: fileParam });
  r.get(
    '/entry/:challengeId/:file',
    {
      schema: {
        summary: 'A published entry’s share image (slogan or picture, club, challenge), 1200×630',
        params: entryParams,
        response: image,
      },
    },
    async (request, reply) => {
      const id = png(request.params.file);
      return send(request, reply, await files.entryCard(request.params.challengeId, id));
    },
  );
  r.get(
    '/story/:challengeId/:file',
    { schema: { summary: 'A published entry’s story image with a QR code (via=story), 1080×1920', params: entryParams, response: image } },
    async (request, reply) => {
      const id = png(request.params.file);
      return send(request, reply, await files.story(request.params.challengeId, id), `story-${safeName(id)}.png`);
    },
  );
  r.get(
    '/poster/:challengeId/:file',
    {
      schema: {
        summary: 'A published entry’s A4 poster (PDF) with a QR code to the entry (via=qr) and how to vote',
        params: entryParams,
        response: {
          200: binary('application/pdf', 'The poster (PDF)'),
          304: { description: 'Not modified', type: 'null' },
          ...notFound,
        } as never,
      },
    },
    async (request, reply) => {
      const id = pdf(request.params.file);
      return send(request, reply, await files.poster(request.params.challengeId, id), `plakat-${safeName(id)}.pdf`);
    },
  );
};
