import type { z } from 'zod';
import {
  contentAdminSchema,
  contentBannerInputSchema,
  contentLegalInputSchema,
  contentLegalParamsSchema,
  contentTeasersInputSchema,
  markdownPreviewInputSchema,
  markdownPreviewSchema,
  saveCampaignInputSchema,
} from '@erd/shared-contracts/schemas';
import { NotFoundError, ValidationError } from '../../errors.js';
import { operatorRead, operatorRoute, operatorScope } from '../../http/operator-routes.js';
import { answerInvalid, germanIssue, listProblems, signedInChangeErrors } from '../../http/zod.js';
import { actorOf } from '../operators/access.js';
import { createMarkdownConverter } from '../season/markdown.js';
import { getContent, MESSAGES, previewMarkdown, saveBanner, saveCampaign, saveLegalPage, saveTeasers } from './service.js';

/**
 * The site content in the back office (contracts `contentAdminPaths`): a scope of its own in the
 * operator API (modules/operators/scope.ts: access hook, `no-store`). Both roles read; saving and the Markdown
 * preview are admin. Every body, parameter and answer is a contracts' zod schema
 * (`schemas/content-admin.ts`, the campaign's `saveCampaignInputSchema`; http/zod.ts). Refused
 * teasers, banner, legal and preview bodies keep this module's answer (`contentInvalid`); the
 * campaign's is the shared one (the field in the message).
 */

export const contentAdminRoutePaths = {
  content: '/api/operator/content',
  teasers: '/api/operator/content/teasers',
  campaign: '/api/operator/content/campaign',
  banner: '/api/operator/content/banner',
  legal: '/api/operator/content/legal/:page',
  preview: '/api/operator/content/preview',
} as const;

/** A legal page may hold up to 100,000 characters (up to 4 bytes each in UTF-8, JSON-escaped). */
const LEGAL_BODY_LIMIT = 1024 * 1024;

/**
 * This module's answer to a refused body: 400 ValidationError with the first issue's German message
 * as it is, its `field` (null for the body itself) and every issue as `problems`.
 */
const contentInvalid = listProblems({ fieldInMessage: false });

/** A page that is not one of the legal pages is 404 (before its body is looked at); a malformed name, 400. */
function unknownPage(error: z.ZodError): Error {
  if (error.issues.every((issue) => issue.code === 'invalid_value')) return new NotFoundError(MESSAGES.unknownPage);
  const { message, field } = germanIssue(error);
  return new ValidationError(message, { field });
}

const teasersBody = answerInvalid(contentTeasersInputSchema, contentInvalid);
const bannerBody = answerInvalid(contentBannerInputSchema, contentInvalid);
const legalBody = answerInvalid(contentLegalInputSchema, contentInvalid);
const previewBody = answerInvalid(markdownPreviewInputSchema, contentInvalid);
const legalParams = answerInvalid(contentLegalParamsSchema, unknownPage);

export const contentAdminRoutes = operatorScope('back office: content', (r, ctx, app) => {
  // Markdown is converted in a worker thread with a time limit (issue 22): a hostile text never blocks the server.
  const markdown = createMarkdownConverter({ serverRoot: ctx.config.serverRoot, log: ctx.log });
  app.addHook('onClose', () => markdown.close());
  const withMarkdown = { ...ctx, markdown };

  operatorRead(r, contentAdminRoutePaths.content, {
    access: 'operator',
    summary: 'The editable site content: teasers, banner, legal pages',
    answer: contentAdminSchema,
    errors: signedInChangeErrors,
    read: () => getContent({ ctx }),
  });

  operatorRoute(r, 'put', contentAdminRoutePaths.teasers, {
    access: 'admin',
    summary: 'Save the home page teasers',
    body: teasersBody,
    answer: contentAdminSchema,
    errors: signedInChangeErrors,
    bodyLimit: 256 * 1024,
    handle: ({ body }, request) => saveTeasers({ ctx: withMarkdown, input: { body, actor: actorOf(request) } }),
  });

  // The campaign (issue 24): the shared answer to refused input (the field in the message).
  operatorRoute(r, 'put', contentAdminRoutePaths.campaign, {
    access: 'admin',
    summary: 'Save the season’s campaign: claim, subline, lead prize, key visual (the year’s updatedAt as expectedUpdatedAt)',
    body: saveCampaignInputSchema,
    answer: contentAdminSchema,
    errors: signedInChangeErrors,
    bodyLimit: 64 * 1024,
    handle: ({ body }, request) => saveCampaign({ ctx, input: { body, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'put', contentAdminRoutePaths.banner, {
    access: 'admin',
    summary: 'Save the banner',
    body: bannerBody,
    answer: contentAdminSchema,
    errors: signedInChangeErrors,
    handle: ({ body }, request) => saveBanner({ ctx, input: { body, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'put', contentAdminRoutePaths.legal, {
    access: 'admin',
    summary: 'Save a legal page (Markdown)',
    params: legalParams,
    body: legalBody,
    answer: contentAdminSchema,
    errors: signedInChangeErrors,
    bodyLimit: LEGAL_BODY_LIMIT,
    handle: ({ params, body }, request) =>
      saveLegalPage({ ctx: withMarkdown, input: { page: params.page, body, actor: actorOf(request) } }),
  });

  operatorRoute(r, 'post', contentAdminRoutePaths.preview, {
    access: 'admin',
    summary: 'Render Markdown as the site would show it',
    body: previewBody,
    answer: markdownPreviewSchema,
    errors: signedInChangeErrors,
    bodyLimit: LEGAL_BODY_LIMIT,
    handle: ({ body }) => previewMarkdown({ ctx: withMarkdown, input: { body } }),
  });
});
