import { css, type Theme } from '@emotion/react';
import {
  activeChallenge,
  challengeNumber,
  isVoteChallenge,
  paths,
  type ChallengeDto,
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

/**
 * Spec §2 active-challenge teaser: the running challenge's teaser image and title with its #n
 * badge, 'JETZT MITMACHEN' (and 'STÖBERN' for the vote types); without one, 'Erste Challenge
 * beginnt bald' with 'Teilnehmen'.
 */
export function ActiveChallengeTeaser({ challenges, today }: { challenges: readonly ChallengeDto[]; today?: string }) {
  const joinTarget = useJoinTarget();
  const challenge = activeChallenge(challenges, today);

  if (!challenge) {
    return (
      <Section tone="light" aria-labelledby="active-challenge-title">
        <Container
          css={css`
            text-align: center;
          `}
        >
          <Headline id="active-challenge-title">Erste Challenge beginnt bald</Headline>
          <ButtonLink to={paths.challenges} variant="secondary">
            Teilnehmen
          </ButtonLink>
        </Container>
      </Section>
    );
  }

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
