import { eq } from 'drizzle-orm';
import { paths } from '@erd/shared-contracts/wire';
import { formatGermanNumber } from '@erd/shared-contracts/wire';
import { challenges } from '../../../db/schema/index.js';
import { defineTemplate, type DeliverCtx } from './types.js';

/**
 * The mails about a club's own entries (issue 25, kind 'entries'): received, published, rejected
 * with the operator's reason, votes removed.
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

const isVoteChallenge = (objectTypeId: string) => objectTypeId === 'bfv-erd-text-vote' || objectTypeId === 'bfv-erd-picture-vote';

export const ENTRY_TEMPLATES = {
  /** Sent when a club submits: what happens next. */
  'entry-received': defineTemplate<{ challengeId: string; estimate?: number | null }>({
    async render(params, { ctx, url }) {
      const challenge = await challengeOf(ctx, params.challengeId);
      if (!challenge) return null;
      const vote = isVoteChallenge(challenge.objectTypeId);
      return {
        subject: `Euer Beitrag ist eingegangen – ${challenge.headline}`,
        preheader: vote ? 'Wir prüfen ihn und sagen dir Bescheid, sobald er online ist.' : 'Die Auswertung folgt nach dem Ende der Challenge.',
        blocks: [
          { type: 'heading', text: 'Beitrag eingegangen' },
          { type: 'p', text: `euer Beitrag zur Challenge „${challenge.headline}“ ist bei uns eingegangen.` },
          ...(params.estimate != null ? [{ type: 'facts' as const, rows: [['Eure Antwort', formatGermanNumber(params.estimate)] as const] }] : []),
          {
            type: 'p',
            text: vote
              ? 'Unser Team schaut ihn sich kurz an und schaltet ihn frei. Sobald er online ist, bekommst du eine E-Mail mit dem Link zum Teilen.'
              : 'Nach dem Ende der Challenge werten wir alle Antworten aus. Sobald die Ergebnisse feststehen, erfährst du euren Platz.',
          },
          { type: 'button', label: 'Meine Teilnahmen', href: url(paths.profile) },
        ],
      };
    },
  }),
} as const;
