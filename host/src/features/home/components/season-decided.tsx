import { css, type Theme } from '@emotion/react';
import { nextSeasonText, paths, type NextSeasonDto } from '@erd/shared-contracts';
import { ButtonLink, Container, Headline } from '@erd/shared-contracts/ui';
import { Glyph } from '../../../components/glyphs';
import { homeBandStyle } from './running-challenges';

/**
 * Issue 26, between two seasons: every challenge of the season has ended and its results are
 * published (`isSeasonDecided`). In the place of 'Läuft gerade' the home page leads to the final
 * standings and, when the next season is scheduled, says when it starts.
 */
export function SeasonDecided({ year, nextSeason }: { year: number; nextSeason: NextSeasonDto | null | undefined }) {
  return (
    <section aria-labelledby="season-decided-title" data-testid="season-decided" css={homeBandStyle}>
      <Container>
        <div
          css={(theme: Theme) => css`
            display: grid;
            gap: ${theme.space(5)};
            padding: ${theme.space(6)} ${theme.space(5)};
            border-radius: ${theme.radius};
            background: ${theme.colors.primaryDark};
            color: ${theme.colors.white};
            ${theme.mq.md} {
              grid-template-columns: 1fr auto;
              align-items: center;
              gap: ${theme.space(10)};
              padding: ${theme.space(10)} ${theme.space(12)};
            }
          `}
        >
          <div>
            <Headline
              id="season-decided-title"
              css={(theme: Theme) => css`
                display: flex;
                align-items: center;
                gap: ${theme.space(3)};
                margin: 0 0 ${theme.space(3)};
                color: ${theme.colors.white};
              `}
            >
              <Glyph name="trophy" />
              Saison {year} entschieden
            </Headline>
            <p
              css={css`
                margin: 0;
                font-size: 1.125rem;
              `}
            >
              Alle Ergebnisse sind veröffentlicht. In der Abschlusstabelle siehst du, wo dein Verein gelandet ist.
            </p>
            {nextSeason && (
              <p
                data-testid="next-season"
                css={(theme: Theme) => css`
                  display: flex;
                  align-items: center;
                  gap: ${theme.space(2)};
                  margin: ${theme.space(4)} 0 0;
                  font-size: 1.125rem;
                  font-weight: 700;
                  color: ${theme.colors.primary};
                `}
              >
                <Glyph name="calendar" />
                <span>{nextSeasonText(nextSeason)}</span>
              </p>
            )}
          </div>
          <ButtonLink to={paths.standings}>Zur Abschlusstabelle</ButtonLink>
        </div>
      </Container>
    </section>
  );
}
