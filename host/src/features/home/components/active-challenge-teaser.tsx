import { css, type Theme } from '@emotion/react';
import {
  activeChallenge,
  berlinToday,
  challengeNumber,
  challengeTimeState,
  formatDayMonth,
  isVoteChallenge,
  paths,
  type ChallengeDto,
  type IsoDate,
} from '@erd/shared-contracts';
import { Badge, ButtonLink, Container, Headline, Section } from '@erd/shared-contracts/ui';
import { ContentImage } from '../../../components/content-image';
import { useJoinTarget } from '../../../lib/use-join-target';

const kicker = (theme: Theme) => css`
  margin: 0 0 ${theme.space(2)};
  font-family: ${theme.fonts.headline};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${theme.colors.textMuted};
`;

/** Where the season stands on a day on which no challenge runs. */
type SeasonPause =
  /** Before the first challenge (also: no challenges yet). */
  | { kind: 'before' }
  /** Some challenges have ended, the next one starts on `startDate`. */
  | { kind: 'between'; startDate: IsoDate }
  /** Every challenge has ended. */
  | { kind: 'after' };

function seasonPause(challenges: readonly ChallengeDto[], today: IsoDate): SeasonPause {
  const states = challenges.map((c) => challengeTimeState(c, today));
  if (states.length > 0 && states.every((state) => state === 'finished')) return { kind: 'after' };
  if (!states.includes('finished')) return { kind: 'before' };
  const next = challenges
    .filter((c) => challengeTimeState(c, today) === 'upcoming')
    .map((c) => c.fields.startDate)
    .sort()[0];
  return next ? { kind: 'between', startDate: next } : { kind: 'before' };
}

/** The slot without a running challenge: before, between or after the season's challenges. */
function PauseTeaser({ pause }: { pause: SeasonPause }) {
  const headline =
    pause.kind === 'after'
      ? 'Die Saison ist beendet'
      : pause.kind === 'between'
        ? `Nächste Challenge startet am ${formatDayMonth(pause.startDate)}.`
        : 'Erste Challenge beginnt bald';
  return (
    <Section tone="light" aria-labelledby="active-challenge-title">
      <Container
        css={css`
          text-align: center;
        `}
      >
        <Headline id="active-challenge-title">{headline}</Headline>
        {pause.kind === 'after' && (
          <p
            css={(theme: Theme) => css`
              max-width: 40rem;
              margin: 0 auto ${theme.space(6)};
              font-size: 1.125rem;
            `}
          >
            Alle Challenges sind gespielt. Danke fürs Mitmachen! In der Abschlusstabelle siehst du, wo dein Verein gelandet ist.
          </p>
        )}
        {pause.kind === 'between' && (
          <p
            css={(theme: Theme) => css`
              max-width: 40rem;
              margin: 0 auto ${theme.space(6)};
              font-size: 1.125rem;
            `}
          >
            Bis dahin zeigt die Tabelle, wo dein Verein gerade steht.
          </p>
        )}
        <div
          css={(theme: Theme) => css`
            display: flex;
            flex-wrap: wrap;
            justify-content: center;
            gap: ${theme.space(3)};
          `}
        >
          {pause.kind === 'after' ? (
            <ButtonLink to={paths.standings}>ZUR ABSCHLUSSTABELLE</ButtonLink>
          ) : (
            <ButtonLink to={paths.challenges} variant="secondary">
              Teilnehmen
            </ButtonLink>
          )}
          {pause.kind === 'between' && (
            <ButtonLink to={paths.standings} variant="outline">
              ZUR TABELLE
            </ButtonLink>
          )}
        </div>
      </Container>
    </Section>
  );
}

/**
 * Spec §2 active-challenge teaser: the running challenge's teaser image and title with its #n
 * badge, 'JETZT MITMACHEN' (and 'STÖBERN' for the vote types). Without one: before the first
 * challenge 'Erste Challenge beginnt bald' with 'Teilnehmen'; between two challenges the next
 * one's start date; once every challenge has ended, the season's end with a way to the final
 * standings.
 */
export function ActiveChallengeTeaser({ challenges, today = berlinToday() }: { challenges: readonly ChallengeDto[]; today?: IsoDate }) {
  const joinTarget = useJoinTarget();
  const challenge = activeChallenge(challenges, today);

  if (!challenge) return <PauseTeaser pause={seasonPause(challenges, today)} />;

  const number = challengeNumber(challenges, challenge.sys.id);
  const title = challenge.fields.teasertitle ?? challenge.fields.headline;

  return (
    <Section tone="light" aria-labelledby="active-challenge-title">
      <Container>
        <div
          css={(theme: Theme) => css`
            display: grid;
            gap: ${theme.space(6)};
            align-items: center;
            ${theme.mq.md} {
              grid-template-columns: 1fr 1fr;
              gap: ${theme.space(12)};
            }
          `}
        >
          <div
            css={css`
              position: relative;
            `}
          >
            <ContentImage
              image={challenge.fields.teaserImage}
              alt={title}
              css={(theme: Theme) => css`
                display: block;
                width: 100%;
                height: auto;
                border-radius: ${theme.radius};
              `}
            />
          </div>
          <div>
            <p css={kicker}>Aktuelle Challenge</p>
            <div
              css={(theme: Theme) => css`
                display: flex;
                align-items: flex-start;
                gap: ${theme.space(4)};
                margin-bottom: ${theme.space(6)};
              `}
            >
              <Badge>#{number}</Badge>
              <Headline
                id="active-challenge-title"
                css={css`
                  margin: 0;
                `}
              >
                {title}
              </Headline>
            </div>
            <div
              css={(theme: Theme) => css`
                display: flex;
                flex-wrap: wrap;
                gap: ${theme.space(3)};
              `}
            >
              <ButtonLink to={joinTarget}>JETZT MITMACHEN</ButtonLink>
              {isVoteChallenge(challenge) && (
                <ButtonLink to={paths.challenge(challenge.sys.id)} variant="secondary">
                  STÖBERN
                </ButtonLink>
              )}
            </div>
          </div>
        </div>
      </Container>
    </Section>
  );
}
