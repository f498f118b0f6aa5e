/**
 * Vote counts the server answered in this page load (POST /api/votes → VoteResultDto.votes), by
 * participation id. The public content API may be cached for a minute, so lists and entry views
 * prefer the newer of the two: a count the visitor just raised does not fall back on the way to
 * the list.
 */
const counts = new Map<string, number>();

export function rememberVoteCount(participationId: string, votes: number): void {
  counts.set(participationId, votes);
}

export function latestVoteCount(participationId: string, fromContent: number | undefined): number {
  const known = counts.get(participationId);
  return known === undefined ? (fromContent ?? 0) : Math.max(known, fromContent ?? 0);
}

/** Tests only: forget every count. */
export function resetVoteCounts(): void {
  counts.clear();
}
