import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import {
  formatDayMonth,
  paths,
  phaseActions,
  resultsPendingText,
  type ChallengeDto,
  type ChallengeTimeState,
  type IsoDate,
} from '@erd/shared-contracts';
import { ButtonLink, Card } from '@erd/shared-contracts/ui';
import { BodyText, ButtonRow, CardBody, CardTitle, TeaserTitle } from './card-parts';
import { ChallengeImageCell } from './challenge-image';
import { ChallengeMeta } from './challenge-meta';

/**
 * Spec §2: an upcoming or finished challenge as a teaser card. A finished one offers 'STÖBERN' (vote
 * types) and 'ERGEBNISSE' once its results are published; before that it says when they come
 * (`phaseActions`, `resultsPendingText`; issue 24: no button to an empty table).
 */
export function ChallengeTeaserCard({
  challenge,
  number,
  state,
  today,
  priority = false,
}: {
  challenge: ChallengeDto;
  number: number;
  state: Extract<ChallengeTimeState, 'upcoming' | 'finished'>;
  today: IsoDate;
  /** The first card of the page: its image is loaded first. */
  priority?: boolean;
}) {
  const titleId = useId();
  const { headline, teasertitle, teasertext, startDate } = challenge.fields;
  const actions = phaseActions(challenge, today);
  return (
    <Card
      aria-labelledby={titleId}
      css={(theme: Theme) => css`
        ${theme.mq.md} {
          display: grid;
          grid-template-columns: minmax(0, 4fr) minmax(0, 8fr);
        }
      `}
    >
      <ChallengeImageCell challenge={challenge} priority={priority} muted={state === 'upcoming'} />
      <CardBody>
        <ChallengeMeta challenge={challenge} number={number} state={state} />
        <CardTitle id={titleId}>{headline}</CardTitle>
        {teasertitle && <TeaserTitle>{teasertitle}</TeaserTitle>}
        {teasertext && <BodyText>{teasertext}</BodyText>}
        {state === 'upcoming' ? (
          <p
            css={(theme: Theme) => css`
              margin: auto 0 0;
              padding-top: ${theme.space(2)};
              font-family: ${theme.fonts.headline};
              font-weight: 800;
              font-size: 1.125rem;
              color: ${theme.colors.primaryDark};
            `}
          >
            Startet am {formatDayMonth(startDate)}
          </p>
        ) : (
          <ButtonRow>
            {actions.includes('results-pending') && (
              // Not a button: a plain note where ERGEBNISSE will be, in the display face like the start date.
              <p
                css={(theme: Theme) => css`
                  margin: 0;
                  padding: ${theme.space(2.5)} ${theme.space(4)};
                  border-radius: ${theme.radius};
                  background: ${theme.colors.background};
                  font-family: ${theme.fonts.display};
                  font-weight: 800;
                  font-size: 1.0625rem;
                  color: ${theme.colors.primaryDark};
                `}
              >
                {resultsPendingText(challenge)}
              </p>
            )}
            {actions.includes('browse') && (
              <ButtonLink to={paths.challenge(challenge.sys.id)} variant="secondary">
                STÖBERN
              </ButtonLink>
            )}
            {actions.includes('results') && <ButtonLink to={paths.challengeStandings(challenge.sys.id)}>ERGEBNISSE</ButtonLink>}
          </ButtonRow>
        )}
      </CardBody>
    </Card>
  );
}
