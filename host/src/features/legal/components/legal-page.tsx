import { css, type Theme } from '@emotion/react';
import type { LegalDisplay } from '@erd/shared-contracts';
import { getRuntimeConfig, useDocumentTitle, useSpaceData } from '@erd/shared-contracts';
import { Button, Container, Headline, RichText, Section, Spinner } from '@erd/shared-contracts/ui';

export const LEGAL_TITLES: Record<LegalDisplay, string> = {
  terms: 'Teilnahmebedingungen',
  dataProtection: 'Datenschutz',
  imprint: 'Impressum',
};

const prose = (theme: Theme) => css`
  max-width: 48rem;
  font-size: 1.0625rem;
  overflow-wrap: anywhere;
  h2,
  h3,
  h4 {
    font-family: ${theme.fonts.headline};
    line-height: 1.2;
    margin: ${theme.space(8)} 0 ${theme.space(3)};
  }
  h2 {
    font-size: 1.5rem;
  }
  h3 {
    font-size: 1.25rem;
  }
  p,
  ul,
  ol {
    margin: 0 0 ${theme.space(4)};
  }
  ul,
  ol {
    padding-left: ${theme.space(6)};
  }
  li + li {
    margin-top: ${theme.space(2)};
  }
  a {
    color: ${theme.colors.primaryDark};
    font-weight: 600;
  }
`;

/**
 * Spec §2 legal screen: the route's `display` value (terms, dataProtection, imprint) selects
 * which rich-text field of the site content is shown.
 */
export function LegalPage({ display }: { display: LegalDisplay }) {
  const title = LEGAL_TITLES[display];
  useDocumentTitle(`${title} – ${getRuntimeConfig().productName}`);
  const space = useSpaceData();

  return (
    <Section tone="light" aria-labelledby="legal-title">
      <Container>
        <Headline
          as="h1"
          id="legal-title"
          css={css`
            /* 'Teilnahmebedingungen' is one long word: shrink it to fit a 360 px screen rather than break it */
            font-size: min(clamp(1.75rem, 6vw, 3rem), calc((100vw - 2rem) / ${(title.length * 0.78).toFixed(1)}));
          `}
        >
          {title}
        </Headline>
        {space.status === 'loading' && <Spinner />}
        {space.status === 'error' && (
          <div role="alert">
            <p>Der Text konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.</p>
            <Button variant="secondary" onClick={space.retry}>
              Erneut versuchen
            </Button>
          </div>
        )}
        {space.status === 'success' && (
          <div css={prose} data-testid="legal-text">
            <RichText document={space.data.site.fields[display]} />
          </div>
        )}
      </Container>
    </Section>
  );
}
