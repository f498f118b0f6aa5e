import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { newsletterSignupInputSchema, newsletterSignupResultSchema, newsletterTokenQuerySchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { answerInvalid, errorsWith, zodRoutes } from '../../http/zod.js';
import { simplePage } from '../mail/templates.js';
import { answerMailedLink } from './opt-in.js';
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

  const page = (reply: FastifyReply, status: number, title: string, message: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(simplePage({ productName: ctx.config.productName, title, message, homeUrl: '/' }));

  const html = { content: { 'text/html': { schema: { type: 'string' } } } } as const;
  const pageResponses = { 200: html, 400: html, 410: html } as const;
  const unsubscribeResponses = { 200: html, 400: html } as const;
  // A refused token (too long, given twice) is the 400 page like an unknown one.
  const tokenQuery = newsletterTokenQuerySchema;

  r.get(
    '/confirm',
    {
      attachValidation: true,
      schema: {
        summary: 'Confirm a sign-up (the mailed link): a German page, 200, 400 or 410',
        querystring: tokenQuery,
        response: pageResponses,
      },
    },
    async (request, reply) =>
      answerMailedLink(
        request,
        async (token) => {
          const outcome = await confirmNewsletter({ ctx, input: { token, ip: request.ip } });
          return page(
            reply,
            200,
            'Deine Anmeldung ist bestätigt',
            outcome === 'confirmed'
              ? `Danke! Ab jetzt bekommst du den Newsletter der ${ctx.config.productName}.`
              : `Du hattest deine Anmeldung schon bestätigt – du bekommst den Newsletter der ${ctx.config.productName}.`,
          );
        },
        (status) =>
          status === 410
            ? page(
                reply,
                410,
                'Link abgelaufen',
                'Dieser Bestätigungslink ist abgelaufen. Melde dich bitte einfach noch einmal für den Newsletter an.',
              )
            : page(
                reply,
                400,
                'Link ungültig',
                'Dieser Bestätigungslink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast, oder melde dich noch einmal an.',
              ),
      ),
  );

  r.get(
    '/unsubscribe',
    {
      attachValidation: true,
      schema: {
        summary: 'Unsubscribe (the mailed link): a German page, 200 or 400',
        querystring: tokenQuery,
        response: unsubscribeResponses,
      },
    },
    async (request, reply) =>
      answerMailedLink(
        request,
        async (token) => {
          await unsubscribeNewsletter({ ctx, input: { token, ip: request.ip } });
          return page(reply, 200, 'Du bist abgemeldet', `Du bekommst den Newsletter der ${ctx.config.productName} nicht mehr.`);
        },
        () =>
          page(
            reply,
            400,
            'Link ungültig',
            'Dieser Abmeldelink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast.',
          ),
      ),
  );
};
