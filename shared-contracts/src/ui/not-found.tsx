import { css, type Theme } from '@emotion/react';
import { paths } from '@erd/shared-contracts';
import { ButtonLink, Container, Headline } from './primitives.js';

/** Spec §2 404 screen; shared because remotes show it in place (club page with unknown id) without changing the URL. */
export function NotFoundScreen({ productName }: { productName: string }) {
  return (
    <section
      aria-labelledby="not-found-title"
      css={(theme: Theme) => css`
        background: ${theme.colors.primaryDark};
        color: ${theme.colors.white};
        padding: ${theme.space(20)} 0;
        text-align: center;
        min-height: 60vh;
        display: flex;
        align-items: center;
      `}
    >
      <Container>
        <Headline as="h1" level="xl" id="not-found-title">
          kein Treffer
        </Headline>
        <p
          css={css`
            font-size: 1.25rem;
            margin: 0 0 2rem;
          `}
        >
          Aber bei der {productName} kassierst du trotzdem Punkte!
        </p>
        <ButtonLink to={paths.challenges}>Zu den Challenges</ButtonLink>
      </Container>
    </section>
  );
}
