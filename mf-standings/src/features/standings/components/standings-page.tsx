import { css, type Theme } from '@emotion/react';
import { useRef } from 'react';
import { getRuntimeConfig, paths, useDocumentTitle, useParams } from '@erd/shared-contracts';
import { Badge, ButtonLink, Container, EmptyState, Headline, LoadError, NotFoundScreen, Spinner } from '@erd/shared-contracts/ui';
import { EMPTY_STANDINGS_TEXT, EMPTY_STANDINGS_TITLE, OVERALL_TITLE, TO_OVERALL } from '../../../lib/texts';
import { useStandings } from '../api/get-standings';
import { ChallengeLinks } from './challenge-links';
import { Podium } from './podium';
import { ScrollTopButton } from './scroll-top-button';
import { StandingsList } from './standings-list';

/** /tabelle (overall) and /tabelle/{challengeId} (one challenge), spec §2 Standings. */
export function StandingsPage() {
  const { challengeId } = useParams();
  const standings = useStandings(challengeId);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const view = standings.status === 'success' ? standings.data : null;
  const challenge = view?.kind === 'table' ? view.challenge : undefined;
  useDocumentTitle(view?.kind === 'table' ? (challenge ? `#${challenge.number} ${challenge.challenge.fields.headline}` : OVERALL_TITLE) : null);

  if (standings.status === 'loading') return <Spinner label="Tabelle wird geladen …" />;
  if (standings.status === 'error') {
    return <LoadError text="Die Tabelle konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal." onRetry={standings.reload} />;
  }
  if (standings.data.kind === 'not-found') return <NotFoundScreen productName={getRuntimeConfig().productName} />;

  const { rows, finished } = standings.data;
  const podium = rows.slice(0, 3);
  const rest = rows.slice(3);

  return (
    <>
      <section
        aria-labelledby="standings-title"
        css={(theme: Theme) => css`
          background: ${theme.colors.primaryDark};
          color: ${theme.colors.white};
          padding: ${theme.space(10)} 0;
          ${theme.mq.sm} {
            padding-bottom: ${theme.space(rows.length > 0 ? 0 : 10)};
          }
          ${theme.mq.md} {
            padding-top: ${theme.space(14)};
          }
        `}
      >
        <Container>
          <Headline
            as="h1"
            level="xl"
            id="standings-title"
            ref={headingRef}
            tabIndex={-1}
            css={css`
              display: flex;
              flex-wrap: wrap;
              align-items: center;
              gap: 0.5rem 1rem;
              &:focus {
                outline: none;
              }
            `}
          >
            {challenge ? (
              <>
                <Badge>#{challenge.number}</Badge> {challenge.challenge.fields.headline}
              </>
            ) : (
              OVERALL_TITLE
            )}
          </Headline>
          {challenge && (
            <ButtonLink to={paths.standings} variant="outline">
              {TO_OVERALL}
            </ButtonLink>
          )}
          {podium.length > 0 && <Podium rows={podium} />}
        </Container>
      </section>
      {rows.length === 0 ? (
        <Container>
          <EmptyState title={EMPTY_STANDINGS_TITLE} text={EMPTY_STANDINGS_TEXT} />
        </Container>
      ) : (
        <div
          css={(theme: Theme) => css`
            padding: ${theme.space(8)} 0 ${theme.space(10)};
          `}
        >
          <Container>
            {rest.length > 0 && <StandingsList rows={rest} />}
            <div
              css={(theme: Theme) => css`
                display: flex;
                justify-content: center;
                margin-top: ${theme.space(8)};
              `}
            >
              <ScrollTopButton focusTarget={headingRef} />
            </div>
          </Container>
        </div>
      )}
      {finished.length > 0 && <ChallengeLinks challenges={finished} currentId={challenge?.challenge.sys.id} />}
    </>
  );
}
