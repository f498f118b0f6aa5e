import { css, type Theme } from '@emotion/react';
import { Panel, ScreenHeader } from './screen';

/**
 * What an operator whose role may not use a screen (or whom the server refused) sees instead of it:
 * the screen's title, the refusal and why. The screen asks the server for nothing meanwhile.
 */
export function ForbiddenScreen({ title, titleId, message, hint }: { title: string; titleId: string; message: string; hint: string }) {
  return (
    <section aria-labelledby={titleId}>
      <ScreenHeader title={title} titleId={titleId} />
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
          {hint}
        </p>
      </Panel>
    </section>
  );
}
