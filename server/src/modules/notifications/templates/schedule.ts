import { and, eq, isNull, sql } from 'drizzle-orm';
import { formatGermanNumber, paths } from '@erd/shared-contracts/wire';
import { challenges, participations, site } from '../../../db/schema/index.js';
import { addDays, berlinToday } from '../../../lib/dates.js';
import { endOfBerlinDay, firstEntryDay, isVoteType, lastEntryDay, votingWindow } from '../schedule.js';
import { defineTemplate, type DeliverCtx } from './types.js';

/**
 * The time-driven mails to club accounts (issue 25, planned by ../schedule.ts): a challenge opens,
 * entries close in two days, voting opens, the season's end. Each carries the date it was planned
 * for; when the mail goes the template reads the challenge again and returns null (not sent,
 * 'cancelled') when it left the season or that date moved (the moved date has its own occasion).
 */

/** The challenge if it is in the current season (the year the site shows) and not withdrawn (issue 26), else null. */
export async function seasonChallenge(ctx: DeliverCtx, challengeId: string) {
  const [row] = await ctx.db
    .select({
      id: challenges.id,
      headline: challenges.headline,
      objectTypeId: challenges.objectTypeId,
      startDate: challenges.startDate,
      endDate: challenges.endDate,
      startDateSubmission: challenges.startDateSubmission,
      endDateSubmission: challenges.endDateSubmission,
      startDateVoting: challenges.startDateVoting,
      endDateVoting: challenges.endDateVoting,
    })
    .from(challenges)
    .innerJoin(site, eq(site.currentYearId, challenges.yearId))
    .where(and(eq(challenges.id, challengeId), isNull(challenges.withdrawnAt)))
    .limit(1);
  return row ?? null;
}

/** The club's published entry in the challenge (its page is what the mail links to), or null. */
export async function publishedEntryOf(ctx: DeliverCtx, challengeId: string, clubId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: participations.id })
    .from(participations)
    .where(and(eq(participations.challengeId, challengeId), eq(participations.clubId, clubId), eq(participations.state, 'published')))
    .limit(1);
  return row?.id ?? null;
}

const longDay = new Intl.DateTimeFormat('de-DE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** `2026-07-03` → 'Freitag, 3. Juli'. */
export const germanDay = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));

/** 'heute', 'morgen', 'übermorgen' or 'am Freitag, 3. Juli', seen from `now` in Europe/Berlin. */
export function relativeDay(day: string, now: Date): string {
  const today = berlinToday(now);
  if (day === today) return 'heute';
  if (day === addDays(today, 1)) return 'morgen';
  if (day === addDays(today, 2)) return 'übermorgen';
  return `am ${germanDay(day)}`;
}

export const SCHEDULE_TEMPLATES = {
  /** 09:00 on the first day a club can take part; to every club account. */
  'challenge-opens': defineTemplate<{ challengeId: string; day: string }>({
    async render(params, { ctx, url }) {
      const challenge = await seasonChallenge(ctx, params.challengeId);
      if (!challenge || firstEntryDay(challenge) !== params.day) return null;
      const last = lastEntryDay(challenge);
      if (ctx.now() >= endOfBerlinDay(last)) return null;
      const vote = isVoteType(challenge.objectTypeId);
      return {
        subject: `Neue Challenge: ${challenge.headline}`,
        preheader: `Mitmachen bis ${germanDay(last)} – jede Teilnahme bringt eurem Verein Punkte.`,
        blocks: [
          { type: 'heading', text: 'Eine neue Challenge läuft' },
          {
            type: 'p',
            text: vote
              ? `ab heute könnt ihr bei „${challenge.headline}“ euren Beitrag einreichen, bis ${germanDay(last)}. Danach stimmen alle ab – und jede Teilnahme bringt eurem Verein Punkte für die Gesamttabelle.`
              : `ab heute könnt ihr bei „${challenge.headline}“ mitmachen, bis ${germanDay(last)}. Jede Teilnahme bringt eurem Verein Punkte für die Gesamttabelle.`,
          },
          {
            type: 'button',
            label: 'Zur Challenge',
            href: url(paths.challenge(challenge.id)),
          },
        ],
      };
    },
  }),

  /** 18:00 two days before entries close; to the clubs that have not entered (checked again when it goes). */
  'entries-closing': defineTemplate<{ challengeId: string; day: string }>({
    async render(params, { ctx, recipient, url }) {
      const challenge = await seasonChallenge(ctx, params.challengeId);
      if (!challenge || lastEntryDay(challenge) !== params.day) return null;
      if (ctx.now() >= endOfBerlinDay(params.day)) return null;
      const [entered] = await ctx.db
        .select({ id: participations.id })
        .from(participations)
        .where(
          and(
            eq(participations.challengeId, challenge.id),
            eq(participations.clubId, recipient.clubId),
            sql`${participations.state} <> 'rejected'`,
          ),
        )
        .limit(1);
      if (entered) return null;
      // Sent at 18:00 two days before the last day: 'übermorgen'; a mail that went later says the right day.
      const when = relativeDay(params.day, ctx.now());
      return {
        subject: `Einsendeschluss ${when}: ${challenge.headline}`,
        preheader: 'Euer Verein hat noch nichts eingereicht. Holt euch die Punkte!',
        blocks: [
          { type: 'heading', text: `Einsendeschluss ${when}` },
          {
            type: 'p',
            text: `für „${challenge.headline}“ hat euer Verein noch nichts eingereicht. Einsendeschluss ist ${when} (${germanDay(params.day)}) um 23:59 Uhr – danach gibt es für diese Challenge keine Punkte mehr.`,
          },
          {
            type: 'button',
            label: 'Jetzt mitmachen',
            href: url(paths.challenge(challenge.id)),
          },
        ],
      };
    },
  }),

  /** 09:00 on the first voting day; to the clubs with a published entry: 'dein Beitrag ist live – teile ihn'. */
  'voting-opens': defineTemplate<{ challengeId: string; day: string }>({
    async render(params, { ctx, recipient, url }) {
      const challenge = await seasonChallenge(ctx, params.challengeId);
      const voting = challenge && votingWindow(challenge);
      if (!challenge || !voting || voting.start !== params.day) return null;
      if (ctx.now() >= endOfBerlinDay(voting.end)) return null;
      const entry = await publishedEntryOf(ctx, challenge.id, recipient.clubId);
      if (!entry) return null;
      return {
        subject: 'Euer Beitrag ist live – teile ihn',
        preheader: `Die Abstimmung zu „${challenge.headline}“ läuft bis ${germanDay(voting.end)}. Jede Stimme zählt.`,
        blocks: [
          { type: 'heading', text: 'Die Abstimmung läuft' },
          {
            type: 'p',
            text: `ab heute wird über die Beiträge zu „${challenge.headline}“ abgestimmt. Teile den Link zu eurem Beitrag mit Mannschaft, Familie und Fans: Je mehr Stimmen, desto mehr Punkte für euren Verein. Abstimmen geht bis ${germanDay(voting.end)}.`,
          },
          {
            type: 'button',
            label: 'Beitrag ansehen und teilen',
            href: url(paths.participation(challenge.id, entry)),
          },
        ],
      };
    },
  }),

  /** The season is over and all its results are published: the club's final place. */
  'season-end': defineTemplate<{ yearId: string }>({
    async render(params, { ctx, recipient, url }) {
      const result = (await ctx.db.execute(sql`
        SELECT y.year, (r.value->>'place')::int AS place, (r.value->>'points')::int AS points, jsonb_array_length(o.rows) AS clubs
          FROM site s JOIN year y ON y.id = s.current_year_id
          JOIN published_results o ON o.kind = 'overall' AND o.key = y.id,
               jsonb_array_elements(o.rows) AS r
         WHERE s.id = 'site' AND y.id = ${params.yearId} AND r.value->'club'->>'_id' = ${recipient.clubId}
         LIMIT 1`)) as unknown as {
        rows: Array<{
          year: number;
          place: number;
          points: number;
          clubs: number;
        }>;
      };
      const row = result.rows[0];
      if (!row) return null;
      const place = Number(row.place);
      const points = formatGermanNumber(Number(row.points));
      return {
        subject: `Saisonende: Platz ${place} für ${recipient.clubName}`,
        preheader: `${points} Punkte in der Gesamttabelle ${row.year}. Danke fürs Mitmachen!`,
        blocks: [
          { type: 'heading', text: 'Die Saison ist entschieden' },
          {
            type: 'p',
            text: `alle Ergebnisse der Saison ${row.year} stehen fest. ${recipient.clubName} beendet sie auf Platz ${place} von ${Number(row.clubs)} – danke, dass ihr dabei wart!`,
          },
          {
            type: 'facts',
            rows: [
              ['Platz', String(place)],
              ['Punkte', points],
            ],
          },
          {
            type: 'button',
            label: 'Zur Gesamttabelle',
            href: url(paths.standings),
          },
        ],
      };
    },
  }),
} as const;
