import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { newsletterSignupInputSchema, newsletterSignupResultSchema, newsletterTokenQuerySchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { mailedLinkRoutes, type MailedLinkPage } from '../../http/mailed-link.js';
import { tagRoutes } from '../../http/openapi.js';
import { answerInvalid, errorsWith, zodRoutes } from '../../http/zod.js';
import { simplePage } from '../mail/templates.js';
import { confirmNewsletter, INVALID_EMAIL_MESSAGE, signupNewsletter, unsubscribeNewsletter } from './service.js';

/** Any refused sign-up body is the form's one message (spec §8), as before the schemas. */
const signupBody = answerInvalid(newsletterSignupInputSchema, () => new ValidationError(INVALID_EMAIL_MESSAGE));

/** /api/public/newsletter (spec §7; zod schemas of `@erd/shared-contracts/schemas`): signup, confirmation link, unsubscribe link. */
export const newsletterRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'newsletter');
  const r = zodRoutes(app);
  r.post(
    '/',
    {
      schema: {
        summary: 'Sign up for the newsletter ({ Email, Fields }); mails a confirmation link',
        body: signupBody,
        response: { 200: newsletterSignupResultSchema, ...errorsWith(403, 429) },
      },
    },
    async (request) => {
      await signupNewsletter({ ctx, input: { email: request.body.Email, ip: request.ip } });
      return { ok: true as const };
    },
  );

  const page = (reply: FastifyReply, status: number, { title, message }: MailedLinkPage) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(simplePage({ productName: ctx.config.productName, title, message, homeUrl: '/' }));

  // A refused token (too long, given twice) is the 400 page like an unknown one.
  const tokenQuery = newsletterTokenQuerySchema;

  mailedLinkRoutes(r, page, {
    '/confirm': {
      summary: 'Confirm a sign-up (the mailed link): a German page, 200, 400 or 410',
      querystring: tokenQuery,
      open: async (token, request) => {
        const outcome = await confirmNewsletter({ ctx, input: { token, ip: request.ip } });
        return {
          title: 'Deine Anmeldung ist bestätigt',
          message:
            outcome === 'confirmed'
              ? `Danke! Ab jetzt bekommst du den Newsletter der ${ctx.config.productName}.`
              : `Du hattest deine Anmeldung schon bestätigt – du bekommst den Newsletter der ${ctx.config.productName}.`,
        };
      },
      expired: {
        title: 'Link abgelaufen',
        message: 'Dieser Bestätigungslink ist abgelaufen. Melde dich bitte einfach noch einmal für den Newsletter an.',
      },
      invalid: {
        title: 'Link ungültig',
        message:
          'Dieser Bestätigungslink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast, oder melde dich noch einmal an.',
      },
    },
    '/unsubscribe': {
      summary: 'Unsubscribe (the mailed link): a German page, 200 or 400',
      querystring: tokenQuery,
      open: async (token, request) => {
        await unsubscribeNewsletter({ ctx, input: { token, ip: request.ip } });
        return { title: 'Du bist abgemeldet', message: `Du bekommst den Newsletter der ${ctx.config.productName} nicht mehr.` };
      },
      invalid: {
        title: 'Link ungültig',
        message: 'Dieser Abmeldelink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast.',
      },
    },
  });
};
