import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { Panel } from './screen';

/**
 * A refusal in place of a screen's content, read out at once (`role="alert"`): the sentence that
 * says so in bold, then why or what to do (`children`).
 */
export function AlertPanel({ message, children }: { message: ReactNode; children: ReactNode }) {
  return (
    <Panel role="alert">
      <p
        css={css`
          margin: 0;
          font-weight: 700;
        `}
      >
        {message}
      </p>
      <p
        css={(theme: Theme) => css`
          margin: ${theme.space(2)} 0 0;
        `}
      >
        {children}
      </p>
    </Panel>
  );
}
