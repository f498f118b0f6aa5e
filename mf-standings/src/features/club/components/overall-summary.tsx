import { css, type Theme } from '@emotion/react';
import { paths } from '@erd/shared-contracts';
import { ButtonLink, Headline } from '@erd/shared-contracts/ui';
import { formatNumber, formatPlace } from '../../../lib/format';
import { TO_OVERALL } from '../../../lib/texts';
import type { ClubResults } from '../api/get-club-page';

const tile = (theme: Theme) => css`
  display: flex;
  flex-direction: column-reverse;
  align-items: center;
  justify-content: center;
  padding: ${theme.space(5)} ${theme.space(3)};
  border-radius: ${theme.radius};
  background: ${theme.colors.surface};
  box-shadow: 0 2px 10px rgba(11, 42, 74, 0.12);
  & dt {
    font-weight: 700;
    color: ${theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.06em;
    font-size: 0.875rem;
  }
  & dd {
    margin: 0;
    font-family: ${theme.fonts.headline};
    font-weight: 900;
    font-size: clamp(2.25rem, 10vw, 3.5rem);
    line-height: 1.1;
    color: ${theme.colors.primaryDark};
  }
`;

/** The tiles of a place and points (also an ended season's, issue 26). */
export function PlaceAndPoints({ place, points }: { place: number; points: number }) {
  return (
    <dl
      css={(theme: Theme) => css`
        display: grid;
        grid-template-columns: repeat(2, minmax(0, 1fr));
        gap: ${theme.space(3)};
        margin: 0 0 ${theme.space(5)};
        max-width: 480px;
      `}
    >
      <div css={tile}>
        <dt>Platz</dt>
        <dd>{formatPlace(place)}</dd>
      </div>
      <div css={tile}>
        <dt>Punkte</dt>
        <dd>{formatNumber(points)}</dd>
      </div>
    </dl>
  );
}

/** The club's overall place and points, or a German note that there are none yet (never made-up numbers). */
export function OverallSummary({ results, title = 'Gesamtwertung' }: { results: ClubResults; title?: string }) {
  let body;
  if (results.status === 'unavailable') {
    body = <p>Die Punkte konnten gerade nicht geladen werden. Bitte versuche es später noch einmal.</p>;
  } else if (!results.overallPublished) {
    body = <p>Noch keine Punkte – die erste Wertung kommt bald.</p>;
  } else if (!results.overall) {
    body = <p>Dieser Verein hat in der Gesamtwertung noch keine Punkte.</p>;
  } else {
    body = <PlaceAndPoints place={results.overall.place} points={results.overall.points} />;
  }
  return (
    <section aria-labelledby="club-overall-title">
      <Headline as="h2" level="md" id="club-overall-title">
        {title}
      </Headline>
      {body}
      {results.status === 'ready' && results.overallPublished && (
        <ButtonLink to={paths.standings} variant="secondary">
          {TO_OVERALL}
        </ButtonLink>
      )}
    </section>
  );
}
