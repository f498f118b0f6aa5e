import { paths } from '@erd/shared-contracts/wire';
import { endOfBerlinDay, votingWindow } from '../schedule.js';
import { germanDay, publishedEntryOf, relativeDay, seasonChallenge } from './schedule.js';
import { defineTemplate } from './types.js';

/**
 * 'Mein Verein' (issue 25, kind 'fans'): a club's confirmed fans hear when its entry goes live
 * during voting and the day before voting ends; nothing else. Both link to the club's entry and
 * are not sent once voting is over, the challenge left the season, its voting end moved, or the
 * entry is no longer online. The footer with the one-click unsubscribe is added by deliver.ts.
 */
export const FAN_TEMPLATES = {
  /** The club's entry is online while voting runs (planned per challenge and club). */
  'fan-entry-live': defineTemplate<{
    challengeId: string;
    participationId: string;
  }>({
    async render(params, { ctx, recipient, url }) {
      const challenge = await seasonChallenge(ctx, params.challengeId);
      const voting = challenge && votingWindow(challenge);
      if (!challenge || !voting || ctx.now() >= endOfBerlinDay(voting.end)) return null;
      const entry = await publishedEntryOf(ctx, challenge.id, recipient.clubId);
      if (!entry) return null;
      return {
        subject: 'Dein Verein braucht deine Stimme',
        preheader: `${recipient.clubName} ist bei „${challenge.headline}“ dabei. Abstimmen geht bis ${germanDay(voting.end)}.`,
        blocks: [
          {
            type: 'heading',
            text: `${recipient.clubName} braucht deine Stimme`,
          },
          {
            type: 'p',
            text: `der Beitrag von ${recipient.clubName} zur Challenge „${challenge.headline}“ ist online, und die Abstimmung läuft. Gib deine Stimme ab – je mehr Stimmen, desto mehr Punkte für deinen Verein. Abstimmen geht bis ${germanDay(voting.end)}.`,
          },
          {
            type: 'button',
            label: 'Jetzt abstimmen',
            href: url(paths.participation(challenge.id, entry)),
          },
        ],
      };
    },
  }),

  /** 18:00 the day before the last voting day (planned per challenge; the day in the parameters). */
  'fan-voting-ends': defineTemplate<{ challengeId: string; day: string }>({
    async render(params, { ctx, recipient, url }) {
      const challenge = await seasonChallenge(ctx, params.challengeId);
      const voting = challenge && votingWindow(challenge);
      if (!challenge || !voting || voting.end !== params.day || ctx.now() >= endOfBerlinDay(voting.end)) return null;
      const entry = await publishedEntryOf(ctx, challenge.id, recipient.clubId);
      if (!entry) return null;
      const when = relativeDay(voting.end, ctx.now());
      return {
        subject: `Abstimmung endet ${when}: Stimm für ${recipient.clubName}`,
        preheader: `Die Abstimmung zu „${challenge.headline}“ endet ${when} um 23:59 Uhr.`,
        blocks: [
          { type: 'heading', text: 'Jetzt zählt jede Stimme' },
          {
            type: 'p',
            text: `die Abstimmung zu „${challenge.headline}“ endet ${when} (${germanDay(voting.end)}) um 23:59 Uhr. Wenn du noch nicht abgestimmt hast: Jetzt ist die Gelegenheit, ${recipient.clubName} nach vorn zu bringen.`,
          },
          {
            type: 'button',
            label: 'Jetzt abstimmen',
            href: url(paths.participation(challenge.id, entry)),
          },
        ],
      };
    },
  }),
} as const;
