import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { formatDayMonth, isVoteChallenge, type ChallengeDto, type ChallengeTimeState, type IsoDate } from '@erd/shared-contracts';
import { Card, Icon } from '@erd/shared-contracts/ui';
import { BodyText, CardBody, CardTitle, QuestionBox } from './card-parts';
import { ChallengeImageCell } from './challenge-image';
import { ChallengeMeta } from './challenge-meta';
import { ParticipationActions } from './participation-actions';

type ActiveState = Extract<ChallengeTimeState, 'ongoing' | 'submit' | 'vote'>;

/** The dates that matter now: the submission window and the voting window of vote challenges. */
function windowLines(challenge: ChallengeDto, state: ActiveState, today: IsoDate): string[] {
  if (!isVoteChallenge(challenge)) return [`Mitmachen bis ${formatDayMonth(challenge.fields.endDate)}`];
  const f = challenge.fields;
  if (state === 'submit') {
    return [`Einreichen bis ${formatDayMonth(f.endDateSubmission)}`, `Abstimmen ab ${formatDayMonth(f.startDateVoting)}`];
  }
  // Between the submission and the voting window the challenge already counts as "vote".
  if (today < f.startDateVoting) return [`Abstimmen ab ${formatDayMonth(f.startDateVoting)}`];
  return [`Abstimmen bis ${formatDayMonth(f.endDateVoting)}`];
}

/**
 * Spec §2: the interactive panel of a running challenge (ongoing estimate/goals, or a vote
 * challenge in its submit or vote window), with what a visitor or a member can do now
 * (`ParticipationActions`). For a member's estimate the question is the label of the number field.
 */
export function ChallengePanel({
  challenge,
  number,
  state,
  today,
  loggedIn,
  priority = false,
}: {
  challenge: ChallengeDto;
  number: number;
  state: ActiveState;
  today: IsoDate;
  loggedIn: boolean;
  /** The first card of the page: its image is loaded first. */
  priority?: boolean;
}) {
  const titleId = useId();
  const { headline, teasertitle, teasertext, question, footnote } = challenge.fields;
  const vote = isVoteChallenge(challenge);
  return (
    <Card
      aria-labelledby={titleId}
      css={(theme: Theme) => css`
        border: 3px solid ${theme.colors.primary};
        ${theme.mq.md} {
          display: grid;
          grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
        }
      `}
    >
      <ChallengeImageCell challenge={challenge} priority={priority} />
      <CardBody>
        <ChallengeMeta challenge={challenge} number={number} state={state} />
        <CardTitle id={titleId}>{headline}</CardTitle>
        {teasertext && <BodyText>{teasertext}</BodyText>}
        {(question || teasertitle) && !(loggedIn && !vote) && (
          <QuestionBox>
            <Icon name="quote" size="sm" color="primary" />
            <p
              css={css`
                margin: 0;
              `}
            >
              {question || teasertitle}
            </p>
          </QuestionBox>
        )}
        <ul
          aria-label="Termine"
          css={(theme: Theme) => css`
            display: flex;
            flex-wrap: wrap;
            gap: ${theme.space(2)} ${theme.space(5)};
            margin: 0 0 ${theme.space(4)};
            padding: 0;
            list-style: none;
            font-weight: 700;
            color: ${theme.colors.primaryDark};
          `}
        >
          {windowLines(challenge, state, today).map((line) => (
            <li
              key={line}
              css={(theme: Theme) => css`
                display: flex;
                align-items: center;
                gap: ${theme.space(1.5)};
              `}
            >
              <Icon name="arrow-right" size="xs" color="secondary" />
              {line}
            </li>
          ))}
        </ul>
        <ParticipationActions challenge={challenge} today={today} loggedIn={loggedIn} />
        {footnote && (
          <p
            css={(theme: Theme) => css`
              margin: ${theme.space(5)} 0 0;
              font-size: 0.875rem;
              color: ${theme.colors.textMuted};
            `}
          >
            {footnote}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
