import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { NOTIFICATION_KIND_TEXTS, paths } from '@erd/shared-contracts/wire';
import { NOTIFICATION_SETTINGS_PATH, notificationSettingsSchema, notificationUnsubscribeQuerySchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { scopeCacheControl } from '../../http/headers.js';
import { tagRoutes } from '../../http/openapi.js';
import { signedInErrors, zodRoutes } from '../../http/zod.js';
import { simplePage } from '../mail/templates.js';
import { ACCOUNT_UNSUBSCRIBE_PATH } from '../notifications/paths.js';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/service.js';
import { getNotificationSettings, switchByToken, updateNotificationSettings } from './service.js';

/**
 * A club account's notification switches (issue 25) over HTTP:
 * - `GET`/`PUT /api/me/notifications` (member, access token and anti-forgery pair like `/api/me`;
 *   zod schema of `@erd/shared-contracts/schemas`), never cached;
 * - `ACCOUNT_UNSUBSCRIBE_PATH?token=…` without signing in: GET (the mail's link) switches the
 *   token's kind off and answers a German page with 'Wieder einschalten' (a POST form with
 *   `&undo=1`, no JavaScript needed); POST is RFC 8058's one-click (`List-Unsubscribe=One-Click`,
 *   sent by the mail program without cookies, so no anti-forgery pair: `config.xsrf = false`; the
 *   token is the whole authority). Rate-limited per IP; a forged token is a 400 page; a deleted
 *   account's token answers like any valid one and changes nothing.
 */

/** Per IP: generous, since a mail provider's one-click POSTs for many people come from few addresses. */
export const UNSUBSCRIBE_RATE_LIMIT: RateLimitRule = { name: 'notify-unsubscribe', limit: 600, windowMs: 60 * 60_000 };

const PREFERENCES_URL = `${paths.profile}#benachrichtigungen`;

export const UNSUBSCRIBE_TEXTS = {
  invalidTitle: 'Link ungültig',
  invalid:
    'Dieser Abmeldelink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast – oder stell deine Benachrichtigungen im Profil ein.',
  offTitle: 'Abbestellt',
  off: (label: string) => `Du bekommst keine E-Mails mehr zu „${label}“. Codes und Sicherheitsmails kommen weiterhin.`,
  onTitle: 'Wieder eingeschaltet',
  on: (label: string) => `Schön, dass du dabei bleibst: Du bekommst wieder E-Mails zu „${label}“.`,
  undo: 'Wieder einschalten',
  preferences: 'Alle Benachrichtigungen im Profil',
  limitedTitle: 'Einen Moment bitte',
  limited: 'Von deinem Anschluss kamen gerade sehr viele Anfragen. Bitte versuche es später noch einmal.',
} as const;

export const notificationSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'notifications');
  await app.register(memberRoutes, { ctx });
  await app.register(unsubscribeRoutes, { ctx });
};

const memberRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  scopeCacheControl(app, 'private, no-store');
  const r = zodRoutes(app);
  const response = { 200: notificationSettingsSchema, ...signedInErrors };

  r.get(
    NOTIFICATION_SETTINGS_PATH,
    { onRequest: app.requireUser, schema: { summary: 'The own account’s notification switches (all on unless switched off)', response } },
    async (request) => getNotificationSettings({ ctx, input: { sub: request.user!.sub } }),
  );

  r.put(
    NOTIFICATION_SETTINGS_PATH,
    {
      onRequest: app.requireUser,
      bodyLimit: 4 * 1024,
      schema: { summary: 'Set the own account’s notification switches (every kind at once)', body: notificationSettingsSchema, response },
    },
    async (request) => updateNotificationSettings({ ctx, input: { sub: request.user!.sub, settings: request.body } }),
  );
};

const unsubscribeRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // RFC 8058's body ('List-Unsubscribe=One-Click', form-encoded or multipart) and the undo form's:
  // read as text in this scope only; nothing in it is needed (the token in the URL decides).
  const asText = { parseAs: 'string', bodyLimit: 4 * 1024 } as const;
  app.addContentTypeParser('application/x-www-form-urlencoded', asText, (_request, body, done) => done(null, body));
  app.addContentTypeParser('multipart/form-data', asText, (_request, body, done) => done(null, body));

  const page = (reply: FastifyReply, status: number, input: { title: string; message: string; undoToken?: string }) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(
        simplePage({
          productName: ctx.config.productName,
          title: input.title,
          message: input.message,
          homeUrl: '/',
          linkUrl: PREFERENCES_URL,
          linkText: UNSUBSCRIBE_TEXTS.preferences,
          ...(input.undoToken
            ? {
                form: {
                  action: `${ACCOUNT_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(input.undoToken)}&undo=1`,
                  label: UNSUBSCRIBE_TEXTS.undo,
                },
              }
            : {}),
        }),
      );

  const html = { content: { 'text/html': { schema: { type: 'string' } } } } as const;
  const responses = { 200: html, 400: html, 429: html } as const;
  // A refused query (a token too long, given twice) is the 400 page like an unknown token.
  const querystring = notificationUnsubscribeQuerySchema;
  const r = zodRoutes(app);

  const handle = async (
    request: { ip: string; method: string; query: { token?: string; undo?: string }; validationError?: Error },
    reply: FastifyReply,
  ) => {
    if (!(await consumeRateLimit({ ctx, input: { rule: UNSUBSCRIBE_RATE_LIMIT, subject: request.ip } }))) {
      return page(reply, 429, { title: UNSUBSCRIBE_TEXTS.limitedTitle, message: UNSUBSCRIBE_TEXTS.limited });
    }
    // A HEAD (a link checker) changes nothing; its answer has no body anyway.
    if (request.method === 'HEAD') return page(reply, 200, { title: UNSUBSCRIBE_TEXTS.offTitle, message: '' });
    const token = request.validationError ? undefined : request.query.token;
    const on = request.method === 'POST' && request.query.undo === '1';
    const outcome = await switchByToken({ ctx, input: { token, on } });
    if (!outcome.ok) return page(reply, 400, { title: UNSUBSCRIBE_TEXTS.invalidTitle, message: UNSUBSCRIBE_TEXTS.invalid });
    const label = NOTIFICATION_KIND_TEXTS[outcome.kind].label;
    return on
      ? page(reply, 200, { title: UNSUBSCRIBE_TEXTS.onTitle, message: UNSUBSCRIBE_TEXTS.on(label) })
      : page(reply, 200, { title: UNSUBSCRIBE_TEXTS.offTitle, message: UNSUBSCRIBE_TEXTS.off(label), undoToken: token! });
  };

  r.get(
    ACCOUNT_UNSUBSCRIBE_PATH,
    {
      attachValidation: true,
      schema: {
        summary: 'A notification mail’s unsubscribe link: switches its kind off; a German page with “Wieder einschalten” (200, 400, 429)',
        querystring,
        response: responses,
      },
    },
    async (request, reply) => handle(request, reply),
  );

  r.post(
    ACCOUNT_UNSUBSCRIBE_PATH,
    {
      attachValidation: true,
      // The mail program's one-click POST carries no cookies; the token in the URL is the authority.
      config: { xsrf: false },
      schema: {
        summary:
          'RFC 8058 one-click unsubscribe (body List-Unsubscribe=One-Click), or with undo=1 the page’s “Wieder einschalten”: a German page (200, 400, 429)',
        querystring,
        response: responses,
      },
    },
    async (request, reply) => handle(request, reply),
  );
};
