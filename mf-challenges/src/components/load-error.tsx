import { css, type Theme } from '@emotion/react';
import { Button, Container, Headline } from '@erd/shared-contracts/ui';

/** Shown when the challenges themselves (the space data) cannot be loaded. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Container>
      <div
        role="alert"
        css={(theme: Theme) => css`
          margin: ${theme.space(10)} 0;
          padding: ${theme.space(8)} ${theme.space(5)};
          text-align: center;
          background: ${theme.colors.surface};
          border-radius: ${theme.radius};
          box-shadow: 0 2px 10px rgba(11, 42, 74, 0.12);
        `}
      >
        <Headline as="h2" level="md">
          Da ist leider was schief gelaufen.
        </Headline>
        <p>Die Challenges konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.</p>
        <Button variant="secondary" onClick={onRetry}>
          Erneut versuchen
        </Button>
      </div>
    </Container>
  );
}
