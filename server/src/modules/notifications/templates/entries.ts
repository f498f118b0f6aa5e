import { eq } from 'drizzle-orm';
import {
  berlinToday,
  formatGermanNumber,
  isSubmissionOpen,
  isVoteChallenge as isVoteChallengeDto,
  paths,
  type ChallengeDto,
  type IsoDate,
} from '@erd/shared-contracts/wire';
import { challenges, participations } from '../../../db/schema/index.js';
import type { MailBlock } from '../../mail/mjml.js';
import { toChallengeDto } from '../../content/mappers.js';
import { defineTemplate, type DeliverCtx } from './types.js';

/**
 * The mails about a club's own entries (issue 25, kind 'entries'): received, published, rejected
 * with the operator's reason, votes removed. Each reads the challenge when it goes: a challenge
 * removed from the season meanwhile cancels it (null).
 */

/** The challenge as the mails name it, or null when it is gone (the mail is then not sent). */
export async function challengeOf(ctx: DeliverCtx, challengeId: string) {
  const [row] = await ctx.db
    .select({ id: challenges.id, headline: challenges.headline, objectTypeId: challenges.objectTypeId })
    .from(challenges)
    .where(eq(challenges.id, challengeId))
    .limit(1);
  return row ?? null;
}

/** The challenge with its dates (the windows of a vote challenge), or null when it is gone. */
export async function challengeDtoOf(ctx: DeliverCtx, challengeId: string): Promise<ChallengeDto | null> {
  const [row] = await ctx.db.select().from(challenges).where(eq(challenges.id, challengeId)).limit(1);
  return row ? toChallengeDto(row) : null;
}

/** The entry as it is now, or null when it is gone (rejected, withdrawn). */
async function entryOf(ctx: DeliverCtx, participationId: string) {
  const [row] = await ctx.db
    .select({ id: participations.id, state: participations.state, estimate: participations.estimate, votes: participations.votes })
    .from(participations)
    .where(eq(participations.id, participationId))
    .limit(1);
  return row ?? null;
}

const isVoteChallenge = (objectTypeId: string) => objectTypeId === 'bfv-erd-text-vote' || objectTypeId === 'bfv-erd-picture-vote';

const MONTHS = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** `2026-07-01` → '1. Juli' (a day of the season; the year goes without saying). */
export function formatLongDate(date: IsoDate): string {
  const [, m, d] = date.split('-');
  return `${Number(d)}. ${MONTHS[Number(m) - 1] ?? ''}`;
}

const votesText = (n: number) => (n === 1 ? 'eine Stimme' : `${formatGermanNumber(n)} Stimmen`);

export const ENTRY_TEMPLATES = {
  /**
   * Sent when a club submits: what happens next. `participationId` (every trigger since the mails
   * went live): the entry is read when the mail goes, so an estimate changed meanwhile shows as it
   * is now, and an entry rejected meanwhile gets no 'received' mail after its rejection.
   */
  'entry-received': defineTemplate<{ challengeId: string; participationId?: string; estimate?: number | null }>({
    async render(params, { ctx, url }) {
      const challenge = await challengeOf(ctx, params.challengeId);
      if (!challenge) return null;
      let estimate = params.estimate ?? null;
      if (params.participationId) {
        const entry = await entryOf(ctx, params.participationId);
        if (!entry) return null;
        estimate = entry.estimate ?? estimate;
      }
      const vote = isVoteChallenge(challenge.objectTypeId);
      return {
        subject: `Euer Beitrag ist eingegangen – ${challenge.headline}`,
        preheader: vote
          ? 'Wir prüfen ihn und sagen dir Bescheid, sobald er online ist.'
          : 'Die Auswertung folgt nach dem Ende der Challenge.',
        blocks: [
          { type: 'heading', text: 'Beitrag eingegangen' },
          { type: 'p', text: `euer Beitrag zur Challenge „${challenge.headline}“ ist bei uns eingegangen.` },
          ...(estimate != null ? [{ type: 'facts' as const, rows: [['Eure Antwort', formatGermanNumber(estimate)] as const] }] : []),
          {
            type: 'p',
            text: vote
              ? 'Unser Team schaut ihn sich kurz an und schaltet ihn frei. Sobald er online ist, bekommst du eine E-Mail mit dem Link zum Teilen.'
              : 'Bis zum Ende der Challenge kannst du eure Antwort noch ändern. Danach werten wir alle Antworten aus, und du erfährst euren Platz.',
          },
          { type: 'button', label: 'Meine Teilnahmen', href: url(paths.profile) },
        ],
      };
    },
  }),

  /** An operator published the slogan or picture: the link to the entry page with its share kit. */
  'entry-published': defineTemplate<{ challengeId: string; participationId: string }>({
    async render(params, { ctx, url }) {
      const challenge = await challengeDtoOf(ctx, params.challengeId);
      if (!challenge || !isVoteChallengeDto(challenge)) return null;
      const entry = await entryOf(ctx, params.participationId);
      if (!entry || entry.state !== 'published') return null;
      const today = berlinToday(ctx.now());
      const { headline, startDateVoting, endDateVoting } = challenge.fields;
      const when =
        today < startDateVoting
          ? `Die Abstimmung startet am ${formatLongDate(startDateVoting)}. Teilt den Link schon jetzt, dann sind eure Leute bereit, wenn es losgeht.`
          : today <= endDateVoting
            ? `Die Abstimmung läuft schon, bis einschließlich ${formatLongDate(endDateVoting)}. Jede Stimme zählt: teilt den Link jetzt.`
            : null;
      return {
        subject: `Euer Beitrag ist online – ${headline}`,
        preheader: 'Teile ihn jetzt mit Mannschaft, Fans und Familie.',
        blocks: [
          { type: 'heading', text: 'Euer Beitrag ist online' },
          {
            type: 'p',
            text: `euer Beitrag zur Challenge „${headline}“ ist freigeschaltet und für alle zu sehen. Ab sofort könnt ihr ihn teilen.`,
          },
          ...(when ? [{ type: 'p' as const, text: when }] : []),
          {
            type: 'p',
            text: 'Auf der Seite eures Beitrags findest du alles zum Teilen, sobald du angemeldet bist: einen fertigen Text für WhatsApp, ein Story-Bild und ein Plakat fürs Vereinsheim.',
          },
          { type: 'button', label: 'Beitrag ansehen und teilen', href: url(paths.participation(challenge.sys.id, params.participationId)) },
        ],
      };
    },
  }),

  /**
   * An operator rejected the entry (or withdrew a published one): the entry is deleted, so all the
   * mail says comes with it. What to do next depends on the submission window when the mail goes.
   */
  'entry-rejected': defineTemplate<{
    challengeId: string;
    participationId: string;
    reason: string | null;
    slogan?: string;
    withdrawn?: boolean;
  }>({
    async render(params, { ctx, url }) {
      const challenge = await challengeDtoOf(ctx, params.challengeId);
      if (!challenge) return null;
      const headline = challenge.fields.headline;
      const open = isVoteChallengeDto(challenge) && isSubmissionOpen(challenge, berlinToday(ctx.now()));
      const blocks: MailBlock[] = [
        { type: 'heading', text: params.withdrawn ? 'Beitrag zurückgezogen' : 'Beitrag nicht freigegeben' },
        {
          type: 'p',
          text: params.withdrawn
            ? `wir haben euren Beitrag zur Challenge „${headline}“ wieder offline genommen. Er ist nicht mehr zu sehen, und seine Stimmen zählen nicht mehr.`
            : `leider können wir euren Beitrag zur Challenge „${headline}“ nicht freigeben.`,
        },
      ];
      if (params.slogan) blocks.push({ type: 'quote', label: 'Euer Beitrag', text: params.slogan });
      if (params.reason) blocks.push({ type: 'quote', label: 'Der Grund', text: params.reason });
      if (open) {
        blocks.push(
          {
            type: 'p',
            text: `Ihr könnt bis einschließlich ${formatLongDate((challenge.fields as { endDateSubmission: IsoDate }).endDateSubmission)} einen neuen Beitrag einreichen. Achtet dabei auf den Grund oben, dann klappt es beim nächsten Mal.`,
          },
          { type: 'button', label: 'Neuen Beitrag einreichen', href: url(paths.challenge(challenge.sys.id)) },
        );
      } else {
        blocks.push(
          {
            type: 'p',
            text: 'Die Einreichung für diese Challenge ist vorbei. Bei den nächsten Challenges seid ihr wieder dabei, und jede bringt neue Punkte.',
          },
          { type: 'button', label: 'Zu den Challenges', href: url(paths.challenges) },
        );
      }
      return {
        subject: params.withdrawn ? `Euer Beitrag wurde zurückgezogen – ${headline}` : `Euer Beitrag wurde nicht freigegeben – ${headline}`,
        preheader: open ? 'Ihr könnt einen neuen Beitrag einreichen.' : params.reason ? 'Hier ist der Grund.' : 'Hier erfährst du mehr.',
        blocks,
      };
    },
  }),

  /** An operator removed votes from the entry: how many, why, and where the count stands. */
  'votes-removed': defineTemplate<{ challengeId: string; participationId: string; reason: string; removed: number; votesAfter: number }>({
    async render(params, { ctx, url }) {
      const challenge = await challengeOf(ctx, params.challengeId);
      if (!challenge) return null;
      const entry = await entryOf(ctx, params.participationId);
      if (!entry) return null;
      const removed = votesText(params.removed);
      return {
        subject: `${params.removed === 1 ? 'Eine Stimme' : `${formatGermanNumber(params.removed)} Stimmen`} für euren Beitrag entfernt – ${challenge.headline}`,
        preheader: 'Nicht regelkonforme Stimmen zählen nicht. Hier ist der Grund.',
        blocks: [
          { type: 'heading', text: 'Stimmen entfernt' },
          {
            type: 'p',
            text: `wir haben ${removed} für euren Beitrag zur Challenge „${challenge.headline}“ entfernt. Sie zählen nicht mehr für die Wertung.`,
          },
          { type: 'quote', label: 'Der Grund', text: params.reason },
          {
            type: 'facts',
            rows: [
              ['Entfernt', formatGermanNumber(params.removed)],
              ['Stimmen jetzt', formatGermanNumber(params.votesAfter)],
            ],
          },
          {
            type: 'p',
            text: 'Jede Person darf einmal abstimmen. Bittet eure Leute, selbst abzustimmen, und nicht für andere oder mehrfach: so bleibt euer Ergebnis sicher.',
          },
          { type: 'button', label: 'Zu eurem Beitrag', href: url(paths.participation(challenge.id, params.participationId)) },
        ],
      };
    },
  }),
} as const;
