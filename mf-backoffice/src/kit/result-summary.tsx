import { css, type Theme } from '@emotion/react';
import type { ReactNode, Ref } from 'react';

/**
 * The heading above a list's results ('12 Einträge', 'Kein Eintrag passt …'): focusable from the
 * script (the screen moves the focus here after paging or an action), without an outline then;
 * `live` reads a new count out.
 */
export function ResultSummary({ ref, live = false, children }: { ref?: Ref<HTMLHeadingElement>; live?: boolean; children: ReactNode }) {
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      aria-live={live ? 'polite' : undefined}
      css={(theme: Theme) => css`
        margin: 0 0 ${theme.space(4)};
        font-size: 1.125rem;
        &:focus {
          outline: none;
        }
      `}
    >
      {children}
    </h2>
  );
}
