import type { AdminSeasonDto } from '@erd/shared-contracts/schemas';
import { duplicateChallenge, removeChallenge, restoreChallenge, saveOrder, switchSeason, withdrawChallenge } from '../api/seasons';
import type { Pending } from './season-dialog';

/** Runs a change of the season on the server and answers the message that reports it. */
export async function runSeasonAction(
  action: Pending,
  season: AdminSeasonDto,
  order: string[],
  live: boolean,
  reason: string | undefined,
): Promise<string> {
  const confirmLive = live ? { confirmLive: true } : {};
  if (action.kind === 'order') {
    await saveOrder(season.id, { ids: order, ...confirmLive });
    return 'Reihenfolge gespeichert.';
  }
  if (action.kind === 'switch') {
    await switchSeason({ yearId: season.id, reason: reason ?? '', confirm: true });
    return `Die öffentliche Seite zeigt jetzt die Saison ${season.year} (ab dem nächsten Seitenaufruf).`;
  }
  const { challenge } = action;
  const name = `„${challenge.headline}“`;
  if (action.kind === 'duplicate') {
    await duplicateChallenge(challenge.id, live);
    return `${name} dupliziert: Die Kopie steht direkt darunter.`;
  }
  if (action.kind === 'remove') {
    await removeChallenge(challenge.id, { reason: reason ?? '', ...confirmLive });
    return `${name} entfernt.`;
  }
  if (action.kind === 'withdraw') {
    await withdrawChallenge(challenge.id, { reason: reason ?? '', ...confirmLive });
    return `${name} zurückgezogen: Sie ist nicht mehr in der öffentlichen Saison, ihre Beiträge bleiben gespeichert.`;
  }
  await restoreChallenge(challenge.id, { reason: reason ?? '' });
  return `${name} wiederhergestellt.`;
}
