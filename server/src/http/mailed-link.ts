import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { answerMailedLink } from '../modules/newsletter/opt-in.js';
import type { zodRoutes } from './zod.js';

/** The German page a mailed link answers with: its title and message, and whatever else the module's page shows (a club). */
export interface MailedLinkPage {
  title: string;
  message: string;
}

/**
 * A link of the double opt-in that a mail carries (confirm, unsubscribe; the newsletter's and
 * 'Mein Verein''s), declared by what differs between them: its `summary`, the token query it takes,
 * `open`, which gets the link's token (none when the query was refused) and returns the page of
 * success, and the pages of a refused link: `invalid` (400) and, for a link that expires, `expired`
 * (410, documented only then).
 */
export interface MailedLink<P extends MailedLinkPage> {
  summary: string;
  querystring: z.ZodType<{ token?: string }>;
  open: (token: string | undefined, request: FastifyRequest) => Promise<P>;
  invalid: P;
  expired?: P;
}

const html = { content: { 'text/html': { schema: { type: 'string' } } } } as const;

/**
 * Registers the mailed links `links` (by path) as GET routes in the zod scope `r` that answer with
 * a German page: `send` writes the module's page with its status. A refused query is answered like
 * an unknown token (`answerMailedLink`, modules/newsletter/opt-in.ts).
 */
export function mailedLinkRoutes<P extends MailedLinkPage>(
  r: ReturnType<typeof zodRoutes>,
  send: (reply: FastifyReply, status: 200 | 400 | 410, page: P) => FastifyReply,
  links: Record<string, MailedLink<P>>,
): void {
  for (const [path, { summary, querystring, open, invalid, expired }] of Object.entries(links)) {
    r.get(
      path,
      {
        attachValidation: true,
        schema: { summary, querystring, response: { 200: html, 400: html, ...(expired && { 410: html }) } },
      },
      async (request, reply) =>
        answerMailedLink(
          request as FastifyRequest<{ Querystring: { token?: string } }>,
          async (token) => send(reply, 200, await open(token, request)),
          (status) => (status === 410 && expired ? send(reply, 410, expired) : send(reply, 400, invalid)),
        ),
    );
  }
}
