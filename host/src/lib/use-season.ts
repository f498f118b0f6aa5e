import { useEffect, useState } from 'react';
import { isSeasonOver, loadSpaceData, type ChallengeDto } from '@erd/shared-contracts';

/**
 * The season's challenges for the frame (header, footer): from the space data every page already
 * loads (the server preloads it), undefined until it is there or when it could not be loaded. Quiet:
 * the page's own screen reports a failed load, the frame just keeps its default buttons.
 */
export function useSeasonChallenges(): readonly ChallengeDto[] | undefined {
  const [challenges, setChallenges] = useState<readonly ChallengeDto[]>();
  useEffect(() => {
    let active = true;
    loadSpaceData().then(
      (data) => {
        if (active) setChallenges(data.year.fields.challenges);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  return challenges;
}

/** True once every challenge of the season has ended: the frame's call to action then leads to the final standings. */
export function useSeasonOver(): boolean {
  const challenges = useSeasonChallenges();
  return challenges !== undefined && isSeasonOver(challenges);
}
