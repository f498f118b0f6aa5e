import { css, type Theme } from '@emotion/react';
import { FormMessage } from '@erd/shared-contracts/forms';

/** What an action on a screen ended with, in German. */
export type Notice = { tone: 'success' | 'error'; text: string };

/**
 * The screen's line for what the last action did ('… ist abgemeldet.'): a live region that is
 * always there (so a new notice is read out) and takes no room while it is empty.
 */
export function StatusNotice({ notice }: { notice: Notice | null }) {
  return (
    <div
      role="status"
      css={(theme: Theme) => css`
        &:not(:empty) {
          margin-bottom: ${theme.space(5)};
        }
      `}
    >
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
    </div>
  );
}
