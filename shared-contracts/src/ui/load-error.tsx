import { css, type Theme } from '@emotion/react';
import type { ComponentProps } from 'react';
import { Button, Container, Headline } from './primitives.js';

export interface LoadErrorProps extends Omit<ComponentProps<'div'>, 'children' | 'role'> {
  /** The German sentence under the headline: what could not be loaded, and to try again. */
  text: string;
  onRetry: () => void;
}

/**
 * The load-error fallback of every area (a remote that does not load, the space data, a table, a
 * club): 'Da ist leider was schief gelaufen.', the given sentence and 'Erneut versuchen'. Further
 * attributes (e.g. `data-testid`) go to the alert box.
 */
export function LoadError({ text, onRetry, ...rest }: LoadErrorProps) {
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
        {...rest}
      >
        <Headline as="h2" level="md">
          Da ist leider was schief gelaufen.
        </Headline>
        <p>{text}</p>
        <Button variant="secondary" onClick={onRetry}>
          Erneut versuchen
        </Button>
      </div>
    </Container>
  );
}
