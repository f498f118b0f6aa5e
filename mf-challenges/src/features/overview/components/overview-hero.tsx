import { css, type Theme } from '@emotion/react';
import { Container, Headline, Section } from '@erd/shared-contracts/ui';

export function OverviewHero() {
  return (
    <Section
      tone="dark"
      aria-labelledby="challenges-hero-title"
      css={(theme: Theme) => css`
        padding-bottom: ${theme.space(12)};
        background: radial-gradient(circle at 85% 20%, #184a7c 0, transparent 55%), ${theme.colors.primaryDark};
      `}
    >
      <Container>
        <Headline as="h1" level="xl" id="challenges-hero-title">
          Die Challenges
        </Headline>
        <p
          css={css`
            max-width: 40rem;
            margin: 0;
            font-size: 1.125rem;
          `}
        >
          Schätzen, Tore zählen, Fotos und Sprüche einreichen: Bei jeder Challenge sammelt dein Verein Punkte für die Gesamttabelle.
        </p>
      </Container>
    </Section>
  );
}
