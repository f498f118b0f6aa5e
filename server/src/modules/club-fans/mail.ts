import { TEAM_LABELS, type Team } from '@erd/shared-contracts/wire';
import { renderMail, type RenderedMail } from '../mail/mjml.js';
import { greeting } from '../mail/templates.js';

/** The club as the fans' mails and pages name it: 'TSV Eching (Herren)' (a club has an entry per team). */
export function clubLabel(club: { clubname: string; team: Team }): string {
  return `${club.clubname} (${TEAM_LABELS[club.team]})`;
}

/**
 * The confirmation mail of a 'Mein Verein' sign-up (double opt-in, decisions §7): what was asked
 * for, for which club, the link and how long it holds, and that nothing happens without a click.
 * No advertising (a confirmation request must not carry any), no unsubscribe link (nothing to
 * leave yet).
 */
export async function clubFanConfirmationMail(input: {
  productName: string;
  siteUrl: string;
  clubName: string;
  confirmUrl: string;
  validDays: number;
}): Promise<RenderedMail> {
  const { productName, clubName } = input;
  return renderMail({
    productName,
    subject: `Bitte bestätige: Fan von ${clubName}`,
    preheader: `Ein Klick, dann sagen wir dir Bescheid, wenn ${clubName} deine Stimme braucht.`,
    greeting: greeting(null),
    blocks: [
      { type: 'heading', text: 'Bitte bestätige deine Anmeldung' },
      {
        type: 'p',
        text: `du hast dich (oder jemand hat dich) bei der ${productName} als Fan von ${clubName} eingetragen. Bestätige das mit einem Klick – dann sagen wir dir Bescheid, wenn der Beitrag deines Vereins online geht und bevor die Abstimmung endet. Sonst schreiben wir dir nichts.`,
      },
      { type: 'button', label: 'Anmeldung bestätigen', href: input.confirmUrl },
      {
        type: 'p',
        text: `Der Link ist ${input.validDays} Tage gültig. Wenn du dich nicht eingetragen hast, ignoriere diese E-Mail einfach – dann passiert nichts.`,
      },
      {
        type: 'small',
        text: `Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser: ${input.confirmUrl}`,
        htmlOnly: true,
      },
    ],
    footer: { reason: `Du bekommst diese E-Mail, weil deine Adresse bei der ${productName} als Fan von ${clubName} eingetragen wurde.` },
    siteUrl: input.siteUrl,
  });
}
