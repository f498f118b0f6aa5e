import { formatGermanNumber, type RemovedVotesSummaryDto } from '@erd/shared-contracts';
import { PendingNotice } from '../forms/form-parts';

/**
 * '3 Stimmen wurden entfernt: <Grund>' on the club's own entry: votes an operator took out of the
 * count (the back office's vote review), how many and why. Several reasons are listed with their
 * counts; who voted is never shown.
 */
export function removedVotesText(removed: RemovedVotesSummaryDto): string {
  const head = removed.count === 1 ? '1 Stimme wurde entfernt' : `${formatGermanNumber(removed.count)} Stimmen wurden entfernt`;
  const reasons =
    removed.reasons.length === 1
      ? removed.reasons[0]!.reason
      : removed.reasons.map((r) => `${r.reason} (${formatGermanNumber(r.count)})`).join('; ');
  return `${head}: ${reasons}`;
}

export function RemovedVotesNotice({ removed }: { removed: RemovedVotesSummaryDto | undefined }) {
  if (!removed || removed.count <= 0) return null;
  return <PendingNotice role="note">{removedVotesText(removed)}</PendingNotice>;
}
