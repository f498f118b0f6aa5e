import { css, type Theme } from '@emotion/react';
import { challengeTimeState, type ChallengeDto, type IsoDate } from '@erd/shared-contracts';
import { ChallengePanel } from './challenge-panel';
import { ChallengeTeaserCard } from './challenge-teaser-card';
import { cardListStyle } from '../../../components/card-list';

/** The year's challenges in list order, one per row: running ones as panels, the rest as teaser cards. */
export function ChallengeList({ challenges, today, loggedIn }: { challenges: ChallengeDto[]; today: IsoDate; loggedIn: boolean }) {
  return (
    <ol
      css={(theme: Theme) => [
        cardListStyle,
        css`
          gap: ${theme.space(6)};
          ${theme.mq.md} {
            gap: ${theme.space(8)};
          }
        `,
      ]}
    >
      {challenges.map((challenge, index) => {
        const state = challengeTimeState(challenge, today);
        const number = index + 1;
        return (
          <li key={challenge.sys.id}>
            {state === 'upcoming' || state === 'finished' ? (
              <ChallengeTeaserCard challenge={challenge} number={number} state={state} today={today} priority={index === 0} />
            ) : (
              <ChallengePanel
                challenge={challenge}
                number={number}
                state={state}
                today={today}
                loggedIn={loggedIn}
                priority={index === 0}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
