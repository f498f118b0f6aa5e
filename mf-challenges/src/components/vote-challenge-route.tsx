import type { ReactNode } from 'react';
import { isVoteChallenge, useSpaceData, type VoteChallengeDto } from '@erd/shared-contracts';
import { LoadError, Spinner } from '@erd/shared-contracts/ui';
import { CHALLENGES_LOAD_ERROR } from '../lib/texts';
import { ChallengesNotFound } from './challenges-not-found';

/**
 * The vote challenge a page under /challenge/{challengeId} is about, from the space data, with its
 * number in the year's list: a spinner while the space data loads, its load error, and the 404
 * screen for an unknown challenge or one without published entries (estimate, goals).
 */
export function VoteChallengeRoute({
  challengeId,
  loadingLabel,
  children,
}: {
  challengeId: string;
  loadingLabel: string;
  children: (challenge: VoteChallengeDto, number: number) => ReactNode;
}) {
  const space = useSpaceData();
  if (space.status === 'loading') return <Spinner label={loadingLabel} />;
  if (space.status === 'error') return <LoadError text={CHALLENGES_LOAD_ERROR} onRetry={space.retry} />;
  const { challenges } = space.data.year.fields;
  const index = challenges.findIndex((c) => c.sys.id === challengeId);
  const challenge = challenges[index];
  if (!challenge || !isVoteChallenge(challenge)) return <ChallengesNotFound />;
  return children(challenge, index + 1);
}
