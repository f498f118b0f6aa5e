import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { isAppError, ValidationError } from '../../errors.js';
import { errorResponses } from '../../http/schemas.js';
import { simplePage } from '../mail/templates.js';
import {
  confirmNewsletter,
  INVALID_EMAIL_MESSAGE,
  signupNewsletter,
  unsubscribeNewsletter,
} from './service.js';

/** /api/public/newsletter (spec §7): signup, confirmation link, unsubscribe link. */
export const newsletterRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post<{ Body: { Email: string; Fields?: unknown[] } }>(
    '/',
    {
      attachValidation: true,
      schema: {
        body: {
          type: 'object',
          required: ['Email'],
          properties: {
            Email: { type: 'string', maxLength: 254 },
            Fields: { type: 'array', maxItems: 20 },
          },
        },
        response: {
          200: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      if (request.validationError) throw new ValidationError(INVALID_EMAIL_MESSAGE);
      await signupNewsletter({ ctx, input: { email: request.body.Email, ip: request.ip } });
      return { ok: true };
    },
  );

  const page = (reply: FastifyReply, status: number, title: string, message: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(simplePage({ productName: ctx.config.productName, title, message, homeUrl: '/' }));

  const tokenQuery = {
    type: 'object',
    properties: { token: { type: 'string', maxLength: 200 } },
  } as const;

  app.get<{ Querystring: { token?: string } }>(
    '/confirm',
    { attachValidation: true, schema: { querystring: tokenQuery } },
    async (request, reply) => {
      try {
        const token = request.validationError ? undefined : request.query.token;
        const outcome = await confirmNewsletter({ ctx, input: { token, ip: request.ip } });
        return page(
          reply,
          200,
          'Deine Anmeldung ist bestätigt',
          outcome === 'confirmed'
            ? `Danke! Ab jetzt bekommst du den Newsletter der ${ctx.config.productName}.`
            : `Du hattest deine Anmeldung schon bestätigt – du bekommst den Newsletter der ${ctx.config.productName}.`,
        );
      } catch (error) {
        if (!isAppError(error)) throw error;
        return error.statusCode === 410
          ? page(reply, 410, 'Link abgelaufen', 'Dieser Bestätigungslink ist abgelaufen. Melde dich bitte einfach noch einmal für den Newsletter an.')
          : page(reply, 400, 'Link ungültig', 'Dieser Bestätigungslink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast, oder melde dich noch einmal an.');
      }
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    '/unsubscribe',
    { attachValidation: true, schema: { querystring: tokenQuery } },
    async (request, reply) => {
      try {
        const token = request.validationError ? undefined : request.query.token;
        await unsubscribeNewsletter({ ctx, input: { token, ip: request.ip } });
        return page(reply, 200, 'Du bist abgemeldet', `Du bekommst den Newsletter der ${ctx.config.productName} nicht mehr.`);
      } catch (error) {
        if (!isAppError(error)) throw error;
        return page(reply, 400, 'Link ungültig', 'Dieser Abmeldelink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast.');
      }
    },
  );
};
