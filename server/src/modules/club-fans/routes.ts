import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { paths } from '@erd/shared-contracts/wire';
import {
  clubFanClubsSchema,
  clubFanOneClickResultSchema,
  clubFanTokenQuerySchema,
  clubFansAdminPaths,
  clubFansCsvQuerySchema,
  clubFanSignupInputSchema,
  clubFanSignupResultSchema,
  CLUB_FANS_SIGNUP_PATH,
  MY_FANS_PATH,
  myFansSchema,
} from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { isAppError } from '../../errors.js';
import { scopeCacheControl } from '../../http/headers.js';
import { mailedLinkRoutes, type MailedLinkPage } from '../../http/mailed-link.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorCsv, operatorRead, operatorScope } from '../../http/operator-routes.js';
import { errorsWith, signedInErrors, zodErrorResponses, zodRoutes } from '../../http/zod.js';
import { simplePage } from '../mail/templates.js';
import { CLUB_FAN_CONFIRM_PATH, CLUB_FAN_UNSUBSCRIBE_PATH } from '../notifications/paths.js';
import { actorOf } from '../operators/access.js';
import { clubFansCsv, confirmClubFan, countMyFans, listClubsWithFans, signupClubFan, unsubscribeClubFan, type FanClub } from './service.js';

/**
 * 'Mein Verein' over HTTP (issue 25), in these scopes:
 *
 * - public (never cached): `POST /api/public/club-fans` (the anti-forgery header like every unsafe
 *   `/api/` call; per-IP limit; the same `{ ok: true }` for a new, pending or confirmed address), the
 *   confirmation link and the unsubscribe link (German pages), and the unsubscribe link's RFC 8058
 *   one-click POST, which a mail program sends without cookies (`config.xsrf: false`; the token in
 *   the URL is the whole authority; its form body is read in this scope only);
 * - member: `GET /api/me/fans`, the own club's count (`private, no-store`);
 * - back office (admins): the clubs with fans and the CSV export (audited), `operatorClubFanRoutes`,
 *   registered in the operator API (modules/operators/scope.ts).
 */

const ONE_CLICK_BODY_LIMIT = 4 * 1024;

/** What a one-click POST says: `List-Unsubscribe=One-Click`, form-encoded or as a multipart field. */
export function saysOneClick(contentType: string | undefined, body: string): boolean {
  if (contentType?.startsWith('multipart/form-data')) {
    return /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\n\s*One-Click\s*(?:\r?\n|$)/i.test(body);
  }
  return new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
}

const signupRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'club fans');
  scopeCacheControl(app, 'no-store');
  const r = zodRoutes(app);

  r.post(
    CLUB_FANS_SIGNUP_PATH,
    {
      bodyLimit: 8 * 1024,
      schema: {
        summary: "'Mein Verein': follow a club by e-mail (double opt-in: mails a confirmation link); the same answer for every address",
        body: clubFanSignupInputSchema,
        response: { 200: clubFanSignupResultSchema, ...errorsWith(403, 429) },
      },
    },
    async (request) => {
      await signupClubFan({ ctx, input: { clubId: request.body.clubId, email: request.body.email, ip: request.ip } });
      return { ok: true as const };
    },
  );
};

const linkRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'club fans');
  scopeCacheControl(app, 'no-store');

  /** A page of a mailed link, with the way back to the fan's club where it is known. */
  const page = (reply: FastifyReply, status: number, { title, message, club }: MailedLinkPage & { club?: FanClub | null }) =>
    reply
      .code(status)
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(
        simplePage({
          productName: ctx.config.productName,
          title,
          message,
          homeUrl: club ? paths.club(club.clubId) : '/',
          linkText: club ? 'Zur Vereinsseite' : undefined,
        }),
      );

  // A refused token (too long, given twice) is answered like an unknown one.
  const tokenQuery = clubFanTokenQuerySchema;
  const r = zodRoutes(app);

  mailedLinkRoutes(r, page, {
    [CLUB_FAN_CONFIRM_PATH]: {
      summary: "Confirm a fan's sign-up (the mailed link): a German page, 200, 400 or 410",
      querystring: tokenQuery,
      open: async (token, request) => {
        const result = await confirmClubFan({ ctx, input: { token, ip: request.ip } });
        return {
          title: 'Du bist dabei!',
          message:
            result.outcome === 'confirmed'
              ? `Danke! Ab jetzt sagen wir dir Bescheid, wenn ${result.clubName} deine Stimme braucht.`
              : `Du hattest schon bestätigt – wir sagen dir Bescheid, wenn ${result.clubName} deine Stimme braucht.`,
          club: result,
        };
      },
      expired: {
        title: 'Link abgelaufen',
        message: 'Dieser Bestätigungslink ist abgelaufen. Trag dich auf der Seite deines Vereins einfach noch einmal ein.',
      },
      invalid: {
        title: 'Link ungültig',
        message:
          'Dieser Bestätigungslink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast, oder trag dich noch einmal ein.',
      },
    },
    [CLUB_FAN_UNSUBSCRIBE_PATH]: {
      summary: 'Stop following a club (the link in every fan mail): a German page, 200 or 400',
      querystring: tokenQuery,
      open: async (token, request) => {
        const club = await unsubscribeClubFan({ ctx, input: { token, ip: request.ip } });
        return {
          title: 'Du bist abgemeldet',
          message: club ? `Du bekommst keine E-Mails mehr zu ${club.clubName}.` : 'Du bekommst keine E-Mails mehr zu diesem Verein.',
          club,
        };
      },
      invalid: {
        title: 'Link ungültig',
        message: 'Dieser Abmeldelink ist ungültig. Prüfe, ob du den Link vollständig aus der E-Mail übernommen hast.',
      },
    },
  });

  // RFC 8058: the mail program POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe address.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT }, (request, body, done) =>
      done(null, { oneClick: saysOneClick(request.headers['content-type'], String(body)) }),
    );
  }
  r.post(
    CLUB_FAN_UNSUBSCRIBE_PATH,
    {
      config: { xsrf: false },
      bodyLimit: ONE_CLICK_BODY_LIMIT,
      attachValidation: true,
      schema: {
        summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe=One-Click, form-encoded or multipart; no cookies needed): 200 or 400',
        querystring: tokenQuery,
        response: { 200: clubFanOneClickResultSchema, ...zodErrorResponses },
      },
    },
    async (request, reply) => {
      const token = request.validationError ? undefined : request.query.token;
      // The body as this scope's parser read it (no schema: a form, not JSON).
      const body = request.body as { oneClick?: boolean } | undefined;
      if (!body?.oneClick) {
        return reply.code(400).send({ code: 'ValidationError', message: 'Erwartet: List-Unsubscribe=One-Click' });
      }
      try {
        await unsubscribeClubFan({ ctx, input: { token, ip: request.ip } });
        return reply.code(200).send({ ok: true as const });
      } catch (error) {
        if (!isAppError(error)) throw error;
        // unsubscribeClubFan refuses only an unknown token (400 ValidationError).
        return reply.code(error.statusCode as 400).send({ code: error.code, message: error.message });
      }
    },
  );
};

const memberRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'accounts');
  scopeCacheControl(app, 'private, no-store');
  const r = zodRoutes(app);
  r.get(
    MY_FANS_PATH,
    {
      onRequest: app.requireUser,
      schema: {
        summary: "How many confirmed fans follow the own club ('Mein Verein'); never who",
        response: { 200: myFansSchema, ...signedInErrors },
      },
    },
    async (request) => countMyFans({ ctx, input: { sub: request.user!.sub } }),
  );
};

/** The back office's part: registered in the operator API (modules/operators/scope.ts), which sets `no-store` and checks access. */
export const operatorClubFanRoutes = operatorScope('back office: club fans', (r, ctx) => {
  operatorRead(r, clubFansAdminPaths.clubs, {
    access: 'admin',
    summary: 'The clubs with confirmed fans and how many (admin; numbers only)',
    answer: clubFanClubsSchema,
    read: (_query, request) => listClubsWithFans({ ctx, input: { actor: actorOf(request) } }),
  });

  operatorCsv(r, clubFansAdminPaths.csv, {
    access: 'admin',
    summary: 'The confirmed fans of one club (clubId) or of all as CSV (X-Total-Count; audited)',
    querystring: clubFansCsvQuerySchema,
    csv: async ({ clubId }, request) => {
      const csv = await clubFansCsv({ ctx, input: { clubId, actor: actorOf(request) } });
      const name = clubId ? `fans-${clubId.replace(/[^A-Za-z0-9-]/g, '_')}` : 'fans-alle-vereine';
      return { name, now: ctx.now(), total: csv.total, body: csv.text };
    },
  });
});

export const clubFanRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(signupRoutes, { ctx });
  await app.register(linkRoutes, { ctx });
  await app.register(memberRoutes, { ctx });
};
