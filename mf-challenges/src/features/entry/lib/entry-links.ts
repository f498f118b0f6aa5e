import { paths, type RuntimeConfigDto } from '@erd/shared-contracts';

/** The public address of an entry: publicUrl + /challenge/{challengeId}/{participationId}. */
export function entryUrl(config: Pick<RuntimeConfigDto, 'publicUrl'>, challengeId: string, participationId: string): string {
  return `${config.publicUrl.replace(/\/+$/, '')}${paths.participation(challengeId, participationId)}`;
}

export const REPORT_SUBJECT = 'Meldung eines Beitrags';

/**
 * Spec §2 'Melden' (decisions §7): a pre-filled e-mail to the service address with a subject, the
 * entry link, the entry ID and a place for the reason.
 */
export function reportMailto(serviceEmail: string, url: string, participationId: string): string {
  const body = [
    'Hallo Service-Team,',
    '',
    'ich möchte diesen Beitrag melden:',
    '',
    `Link: ${url}`,
    `Beitrags-ID: ${participationId}`,
    '',
    'Grund: …',
    '',
  ].join('\r\n');
  return `mailto:${serviceEmail}?subject=${encodeURIComponent(REPORT_SUBJECT)}&body=${encodeURIComponent(body)}`;
}
