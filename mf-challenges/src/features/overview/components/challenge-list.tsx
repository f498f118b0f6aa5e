import { css, type Theme } from '@emotion/react';
import { challengeTimeState, type ChallengeDto, type IsoDate } from '@erd/shared-contracts';
import { ChallengePanel } from './challenge-panel';
import { ChallengeTeaserCard } from './challenge-teaser-card';

/** The year's challenges in list order: running ones as panels (full width), the rest as teaser cards. */
export function ChallengeList({ challenges, today, loggedIn }: { challenges: ChallengeDto[]; today: IsoDate; loggedIn: boolean }) {
  return (
    <ol
      css={(theme: Theme) => css`
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: ${theme.space(6)};
        margin: 0;
        padding: 0;
        list-style: none;
        ${theme.mq.md} {
          grid-template-columns: repeat(2, minmax(0, 1fr));
          gap: ${theme.space(8)};
        }
        & > li[data-wide] {
          grid-column: 1 / -1;
        }
      `}
    >
      {challenges.map((challenge, index) => {
        const state = challengeTimeState(challenge, today);
        const number = index + 1;
        const wide = state !== 'upcoming' && state !== 'finished';
        return (
          <li key={challenge.sys.id} data-wide={wide ? '' : undefined}>
            {state === 'upcoming' || state === 'finished' ? (
              <ChallengeTeaserCard challenge={challenge} number={number} state={state} />
            ) : (
              <ChallengePanel challenge={challenge} number={number} state={state} today={today} loggedIn={loggedIn} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
