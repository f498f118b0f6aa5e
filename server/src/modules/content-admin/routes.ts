import type { FastifyPluginAsync } from 'fastify';
import { saveCampaignInputSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, objectBody } from '../../http/schemas.js';
import { zodErrorResponses, zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import { createMarkdownConverter } from '../season/markdown.js';
import { getContent, previewMarkdown, saveBanner, saveCampaign, saveLegalPage, saveTeasers } from './service.js';

/**
 * The site content in the back office (contracts `contentAdminPaths`): a scope of its own with the
 * operator access hook (modules/operators/access.ts). Both roles read; saving and the Markdown
 * preview are admin. Bodies are checked by the service's zod schemas (German messages per field);
 * the campaign's (issue 24) by the contracts' `saveCampaignInputSchema` at the route (http/zod.ts).
 */

export const contentAdminRoutePaths = {
  content: '/api/operator/content',
  teasers: '/api/operator/content/teasers',
  campaign: '/api/operator/content/campaign',
  banner: '/api/operator/content/banner',
  legal: '/api/operator/content/legal/:page',
  preview: '/api/operator/content/preview',
} as const;

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema } as const;
/** A legal page may hold up to 100,000 characters (up to 4 bytes each in UTF-8, JSON-escaped). */
const LEGAL_BODY_LIMIT = 1024 * 1024;
const pageParams = {
  type: 'object',
  required: ['page'],
  properties: { page: { type: 'string', minLength: 1, maxLength: 40 } },
  additionalProperties: false,
} as const;

export const contentAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: content');
  // Markdown is converted in a worker thread with a time limit (issue 22): a hostile text never blocks the server.
  const markdown = createMarkdownConverter({ serverRoot: ctx.config.serverRoot, log: ctx.log });
  app.addHook('onClose', () => markdown.close());
  const withMarkdown = { ...ctx, markdown };

  app.get(
    contentAdminRoutePaths.content,
    { config: { operatorAccess: 'operator' }, schema: { summary: 'The editable site content: teasers, banner, legal pages', response: { 200: dto('ContentAdminDto'), ...errors } } },
    async () => getContent({ ctx }),
  );

  app.put(
    contentAdminRoutePaths.teasers,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: 256 * 1024,
      schema: { summary: 'Save the home page teasers', body: objectBody('SaveTeasersInput: { expectedUpdatedAt: string, teasers: { teaser1, teaser2, teaserPrizes } }'), response: { 200: dto('ContentAdminDto'), ...errors } },
    },
    async (request) => saveTeasers({ ctx: withMarkdown, input: { body: request.body, actor: actorOf(request) } }),
  );

  // The campaign (issue 24): a scope of its own with the contracts' zod schema (the operator access hook applies here too).
  await app.register(async (scope) => {
    zodRoutes(scope).put(
      contentAdminRoutePaths.campaign,
      {
        config: { operatorAccess: 'admin' },
        bodyLimit: 64 * 1024,
        schema: {
          summary: 'Save the season’s campaign: claim, subline, lead prize, key visual (the year’s updatedAt as expectedUpdatedAt)',
          body: saveCampaignInputSchema,
          response: { 200: dto('ContentAdminDto'), ...zodErrorResponses, 401: zodErrorSchema, 403: zodErrorSchema, 409: zodErrorSchema },
        },
      },
      async (request) => saveCampaign({ ctx, input: { body: request.body, actor: actorOf(request) } }),
    );
  });

  app.put(
    contentAdminRoutePaths.banner,
    { config: { operatorAccess: 'admin' }, schema: { summary: 'Save the banner', body: objectBody('SaveBannerInput: { expectedUpdatedAt: string, text1: string, text2: string }'), response: { 200: dto('ContentAdminDto'), ...errors } } },
    async (request) => saveBanner({ ctx, input: { body: request.body, actor: actorOf(request) } }),
  );

  app.put<{ Params: { page: string } }>(
    contentAdminRoutePaths.legal,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: LEGAL_BODY_LIMIT,
      schema: { summary: 'Save a legal page (Markdown)', params: pageParams, body: objectBody('SaveLegalInput: { expectedUpdatedAt: string, markdown: string }'), response: { 200: dto('ContentAdminDto'), ...errors } },
    },
    async (request) => saveLegalPage({ ctx: withMarkdown, input: { page: request.params.page, body: request.body, actor: actorOf(request) } }),
  );

  app.post(
    contentAdminRoutePaths.preview,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: LEGAL_BODY_LIMIT,
      schema: { summary: 'Render Markdown as the site would show it', body: objectBody('MarkdownPreviewInput: { markdown: string }'), response: { 200: dto('MarkdownPreviewDto'), ...errors } },
    },
    async (request) => previewMarkdown({ ctx: withMarkdown, input: { body: request.body } }),
  );
};
