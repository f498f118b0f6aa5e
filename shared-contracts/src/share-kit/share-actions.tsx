import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';

/**
 * A row of the kit's buttons (the WhatsApp text's, the downloads, 'Teilen'); it wraps, and 'Teilen'
 * puts its confirmation on a line of its own. (A `css` prop, not `styled`: the club page's kit
 * consumes no `@emotion/styled`.)
 */
export function ShareActions({ children }: { children: ReactNode }) {
  return (
    <div
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: ${theme.space(2)} ${theme.space(3)};
        color: ${theme.colors.primaryDark};
      `}
    >
      {children}
    </div>
  );
}
