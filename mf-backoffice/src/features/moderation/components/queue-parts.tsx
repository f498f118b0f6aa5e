import { css, type Theme } from '@emotion/react';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Panel } from '../../../components/screen';
import { moderationTexts, oldestShown } from './moderation-texts';
import { spaceBelow } from '../../../components/layout-styles';

/** The list could not be loaded again; it still shows the last answer. */
export function ReloadFailed() {
  return (
    <div css={spaceBelow(5)}>
      <FormMessage tone="error">{moderationTexts.reloadFailed}</FormMessage>
    </div>
  );
}

/** Nothing waits for review. */
export function QueueEmpty() {
  return (
    <Panel>
      <p
        css={css`
          margin: 0;
        `}
      >
        {moderationTexts.emptyHint}
      </p>
    </Panel>
  );
}

/** Under the list when more entries wait: 'Weitere Beiträge laden', or at the most the server sends, that only the oldest show. */
export function LoadMore({
  canLoadMore,
  shown,
  disabled,
  onMore,
}: {
  canLoadMore: boolean;
  shown: number;
  disabled: boolean;
  onMore: () => void;
}) {
  return (
    <div
      css={(theme: Theme) => css`
        display: flex;
        justify-content: center;
        margin-top: ${theme.space(6)};
      `}
    >
      {canLoadMore ? (
        <Button variant="outline" onClick={onMore} disabled={disabled}>
          Weitere Beiträge laden
        </Button>
      ) : (
        <p>{oldestShown(shown)}</p>
      )}
    </div>
  );
}
